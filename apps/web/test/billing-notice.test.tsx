import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AreaNotices } from '../src/app/shell/area-notices';
import { calls, mockApi } from './fetch-mock';
import { fakeToken, renderAt } from './render';

/** Generous waits: the suite runs on a busy machine. */
const slow = { timeout: 10_000 };

function api(banner: unknown, readsBilling: boolean) {
  localStorage.setItem('token', fakeToken(Math.floor(Date.now() / 1000) + 600));
  mockApi((method, url) => {
    const key = `${method} ${url.pathname}`;
    if (key === 'GET /api/v1/meta/modules')
      return {
        body: {
          data: [
            {
              key: 'billing',
              label: 'Billing',
              permissionModules: [{ key: 'billing', label: 'Billing', read: readsBilling, write: false }],
            },
          ],
        },
      };
    if (key === 'GET /api/v1/billing/banner') return { body: { data: banner } };
    return undefined;
  });
}

describe('console notices: billing', () => {
  it('a past-due subscription shows its banner above every screen, with the way to Billing', async () => {
    api({ level: 'error', message: 'Your subscription is past due: pay the open invoice before 2026-12-07 to keep your plan.' }, true);
    renderAt(<AreaNotices />);
    const banner = await screen.findByRole('status', {}, slow);
    expect(banner).toHaveTextContent('Your subscription is past due: pay the open invoice before 2026-12-07 to keep your plan.');
    expect(screen.getByRole('link', { name: 'Open billing' })).toHaveAttribute('href', '/admin-panel/billing');
  });

  it('nothing when all is well', async () => {
    api(null, true);
    renderAt(<AreaNotices />);
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/v1/billing/banner')).toBe(true), slow);
    // The answer is rendered on the next commit: the notice's area is there and says nothing.
    await screen.findByTestId('console-notices', {}, slow);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByTestId('console-notices').textContent).toBe('');
  });

  it('nothing for a role that does not read billing (its banner is not even asked)', async () => {
    api({ level: 'error', message: 'Your subscription is past due.' }, false);
    renderAt(<AreaNotices />);
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/v1/meta/modules')).toBe(true), slow);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.some((c) => c.url.pathname === '/api/v1/billing/banner')).toBe(false);
    expect(screen.queryByTestId('console-notices')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
