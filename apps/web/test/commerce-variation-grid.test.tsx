import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Variation } from '../src/features/commerce/catalogue/catalogue-api';
import { currencyOf } from '../src/features/commerce/catalogue/money';
import { VariationGrid } from '../src/features/commerce/catalogue/variation-grid';
import { calls, mockApi } from './fetch-mock';
import { renderAt } from './render';

const variations: Variation[] = Array.from({ length: 1000 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  sku: `TEE-${i}`,
  title: `Colour ${Math.floor(i / 25) + 1} / Size ${(i % 25) + 1}`,
  price: 49_900,
  compareAtPrice: null,
  onHand: 5,
  reserved: 0,
  attributeValueIds: [],
  active: true,
}));

describe('the product editor’s variation grid', () => {
  // jsdom lays nothing out: the grid's viewport measures 800 × 480, as in a browser.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(480);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('renders only the rows on screen of 1,000, and saves the changed rows in one request in minor units', async () => {
    mockApi((method, url, body) => {
      if (method === 'PATCH' && url.pathname === '/api/v1/commerce/products/p1/variations') {
        const edits = (body as { variations: { id: string }[] }).variations;
        return {
          body: { data: { updated: edits.length, variations: edits.map((e) => ({ ...variations.find((v) => v.id === e.id), ...e })) } },
        };
      }
      return undefined;
    });
    renderAt(<VariationGrid productId="p1" variations={variations} currency={currencyOf('INR')} />);
    expect(screen.getByText('1,000 variations')).toBeInTheDocument();
    expect(screen.getAllByTestId('variation-row').length).toBeLessThan(60);

    fireEvent.change(screen.getByRole('textbox', { name: 'Price of Colour 1 / Size 1', exact: true } as never), {
      target: { value: '1299.50' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Stock of Colour 1 / Size 2', exact: true } as never), {
      target: { value: '12' },
    });
    expect(await screen.findByText('2 changed')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save variations' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const sent = calls.find((c) => c.method === 'PATCH')!.body as { variations: Record<string, unknown>[] };
    expect(sent.variations).toEqual([
      { id: variations[0].id, price: 129_950 },
      { id: variations[1].id, onHand: 12 },
    ]);
    expect(await screen.findByText('No changes')).toBeInTheDocument();
  });
});
