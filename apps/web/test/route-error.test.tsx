import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChunkLoadError, isChunkError, loadChunk, RouteError } from '../src/app/route-error';
import { renderRoutes } from './render';

describe('lazy chunks', () => {
  it('turns a missing chunk or a slow one into a ChunkLoadError', async () => {
    await expect(
      loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))),
    ).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(loadChunk(() => new Promise(() => {}), 10)).rejects.toBeInstanceOf(ChunkLoadError);
    expect(await loadChunk(() => Promise.resolve(42))).toBe(42);
    expect(isChunkError(new Error('boom'))).toBe(false);
  });

  it('shows "reload to update" instead of a blank screen', async () => {
    renderRoutes(
      [
        {
          path: '/screen',
          errorElement: <RouteError />,
          lazy: () => loadChunk(() => Promise.reject(new TypeError('error loading dynamically imported module'))),
        },
      ],
      '/screen',
    );
    expect(await screen.findByRole('button', { name: 'Reload to update' })).toBeInTheDocument();
    expect(screen.getByText('A new version is available')).toBeInTheDocument();
  });
});
