import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ResourceMeta } from '../src/api/get-resources-meta';
import { activitySentence } from '../src/features/dashboard/activity-sentence';

const meta = { label: { singular: 'Product', plural: 'Products' } } as ResourceMeta;
const show = (node: React.ReactNode) =>
  render(
    <MantineProvider>
      <MemoryRouter>
        <p data-testid="sentence">{node}</p>
      </MemoryRouter>
    </MantineProvider>,
  );
const href = (r: { id: string }) => `/admin-panel/productDesign?record=${r.id}`;

describe('activity as sentences', () => {
  it('names one change with a link to the record', () => {
    show(activitySentence({ actorName: 'Asha', action: 'create', count: 1, records: [{ id: 'p1', title: 'Oak bench' }] }, meta, href));
    expect(screen.getByTestId('sentence').textContent).toBe('Asha added the product Oak bench');
    expect(screen.getByRole('link', { name: 'Oak bench' }).getAttribute('href')).toBe('/admin-panel/productDesign?record=p1');
  });

  it('folds several changes and says how many more', () => {
    const records = [
      { id: 'p1', title: 'Oak bench' },
      { id: 'p2', title: 'Ash stool' },
      { id: 'p3', title: 'Elm shelf' },
    ];
    show(activitySentence({ actorName: null, action: 'update', count: 5, records }, meta, href));
    expect(screen.getByTestId('sentence').textContent).toBe('Someone changed 5 products: Oak bench, Ash stool, Elm shelf and 2 more');
  });

  it('joins the last of all titles with "and" and does not link deleted records', () => {
    const records = [
      { id: 'p1', title: 'Oak bench', exists: false },
      { id: 'p2', title: 'Ash stool', exists: false },
    ];
    show(activitySentence({ actorName: 'Asha', action: 'delete', count: 2, records }, meta, href));
    expect(screen.getByTestId('sentence').textContent).toBe('Asha deleted 2 products: Oak bench and Ash stool');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
