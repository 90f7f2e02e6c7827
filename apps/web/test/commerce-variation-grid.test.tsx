import { Button } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttributeWithValues, Variation } from '../src/features/commerce/catalogue/catalogue-api';
import { currencyOf } from '../src/features/commerce/catalogue/money';
import { VariationGrid } from '../src/features/commerce/catalogue/variation-grid';
import { useVariationsDraft } from '../src/features/commerce/catalogue/variations-draft';
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
  attributeValueIds: [`c${Math.floor(i / 25)}`, `s${i % 25}`],
  active: true,
}));

const attributes: AttributeWithValues[] = [
  {
    id: 'colour',
    name: 'Colour',
    values: [
      { id: 'red', value: 'Red', swatch: null },
      { id: 'blue', value: 'Blue', swatch: null },
    ],
  },
  {
    id: 'size',
    name: 'Size',
    values: [
      { id: 's', value: 'S', swatch: null },
      { id: 'm', value: 'M', swatch: null },
    ],
  },
];

/** The grid with its draft, and the save the editor's bar would call (with the product's id). */
function Harness({ productId, generate }: { productId: string; generate?: string[] }) {
  const draft = useVariationsDraft(productId);
  const [failure, setFailure] = useState('');
  return (
    <>
      <VariationGrid draft={draft} currency={currencyOf('INR')} />
      {generate && (
        <Button
          onClick={() => {
            for (const a of attributes)
              draft.choose(
                a.id,
                a.values.map((v) => v.id).filter((id) => generate.includes(id)),
              );
          }}
        >
          Choose
        </Button>
      )}
      <Button onClick={draft.generate}>Generate</Button>
      <Button
        onClick={() =>
          draft.save(productId).then(
            () => setFailure(''),
            (err: Error) => setFailure(`Not saved: ${err.message}`),
          )
        }
      >
        Save
      </Button>
      <p>{failure}</p>
      <output>{draft.dirty ? 'dirty' : 'clean'}</output>
    </>
  );
}

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
      if (url.pathname === '/api/v1/commerce/attributes/with-values') return { body: { data: [] } };
      if (method === 'GET' && url.pathname === '/api/v1/commerce/products/p1/variations') return { body: { data: variations } };
      if (method === 'PATCH' && url.pathname === '/api/v1/commerce/products/p1/variations') {
        const edits = (body as { variations: { id: string }[] }).variations;
        const saved = variations.map((v) => ({ ...v, ...edits.find((e) => e.id === v.id) }));
        return { body: { data: { created: 0, updated: edits.length, variations: saved } } };
      }
      return undefined;
    });
    renderAt(<Harness productId="p1" />);
    expect(await screen.findByText('1,000 variations')).toBeInTheDocument();
    expect(screen.getAllByTestId('variation-row').length).toBeLessThan(60);

    fireEvent.change(screen.getByRole('textbox', { name: 'Price of Colour 1 / Size 1', exact: true } as never), {
      target: { value: '1299.50' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Stock of Colour 1 / Size 2', exact: true } as never), {
      target: { value: '12' },
    });
    expect(await screen.findByText('2 changed')).toBeInTheDocument();
    expect(screen.getByText('dirty')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const sent = calls.find((c) => c.method === 'PATCH')!.body as { variations: Record<string, unknown>[] };
    expect(sent).toEqual({
      variations: [
        { id: variations[0].id, price: 129_950 },
        { id: variations[1].id, onHand: 12 },
      ],
    });
    expect(await screen.findByText('No changes')).toBeInTheDocument();
    expect(screen.getByText('clean')).toBeInTheDocument();
  });

  it('shows generated combinations as new rows, unsaved, and saves them with their edits by their values; a refusal sits at its input', async () => {
    const single: Variation = { ...variations[0], id: 'd1', title: '', sku: 'SCARF', price: 80_000, attributeValueIds: [] };
    mockApi((method, url) => {
      if (url.pathname === '/api/v1/commerce/attributes/with-values') return { body: { data: attributes } };
      if (method === 'GET' && url.pathname === '/api/v1/commerce/products/p2/variations') return { body: { data: [single] } };
      if (method === 'PATCH')
        return {
          status: 409,
          body: { error: { code: 'duplicate', message: 'That SKU is taken', fields: { 'variations.0.sku': 'Already in use' } } },
        };
      return undefined;
    });
    renderAt(<Harness productId="p2" generate={['red', 'blue', 'm']} />);
    expect(await screen.findByText('1 variation')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Choose' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    // The default variation makes way for Red / M and Blue / M, which start at its price; nothing is sent yet.
    expect(await screen.findByText('2 new')).toBeInTheDocument();
    expect(screen.getAllByText('New')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Price of Red / M', exact: true } as never)).toHaveValue('800');
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: 'SKU of Blue / M', exact: true } as never), { target: { value: 'SCARF-BLUE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      generate: { attributeValueIds: ['red', 'blue', 'm'] },
      variations: [{ attributeValueIds: ['blue', 'm'], sku: 'SCARF-BLUE' }],
    });
    expect(await screen.findByText('Not saved: That SKU is taken')).toBeInTheDocument();
    expect(screen.getByText('Already in use')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'SKU of Blue / M', exact: true } as never)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('dirty')).toBeInTheDocument();
  });
});

describe('the product history of a variations grid save', () => {
  it('names each changed variation by its title with amounts in the shop currency, and leaves out the unchanged', async () => {
    const { describeVariations } = await import('../src/features/commerce/catalogue/variations-history');
    const describe = describeVariations(new Map([['v1', 'Maroon / M']]), currencyOf('INR'));
    const before = [
      { id: 'v1', sku: 'K-M', price: 149_900, compareAtPrice: null, onHand: 0, active: true },
      { id: 'v2', sku: 'K-S', price: 149_900, compareAtPrice: null, onHand: 2, active: true },
    ];
    const after = [
      { id: 'v1', sku: 'K-M', price: 159_900, compareAtPrice: 199_900, onHand: 7, active: true },
      { id: 'v2', sku: 'K-S', price: 149_900, compareAtPrice: null, onHand: 2, active: false },
    ];
    renderAt(<div>{describe({ field: 'variations', before, after })}</div>);
    const lines = screen.getAllByTestId('variation-change').map((el) => el.textContent);
    const inr = (n: number) => new Intl.NumberFormat(undefined, { style: 'currency', currency: 'INR' }).format(n);
    expect(lines).toEqual([
      `Maroon / M: price ${inr(1499)} → ${inr(1599)}, compare-at price empty → ${inr(1999)}, stock 0 → 7`,
      'K-S: on sale yes → no',
    ]);
  });
});
