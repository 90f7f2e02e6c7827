import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../../api/client';
import {
  type AttributeWithValues,
  type GridEdit,
  getAttributesWithValues,
  getVariations,
  saveVariationGrid,
  type Variation,
  type VariationEdit,
  variationsKey,
} from './catalogue-api';

/** What a grid row's inputs change. */
export type RowEdit = Omit<VariationEdit, 'id'>;
export type EditableField = keyof RowEdit;

/** A row of the variations grid: a saved variation, or one the next save generates (no id yet). */
export interface GridRow {
  /** The variation's id, or `new:<its values>` for a row not saved yet. */
  key: string;
  id: string | null;
  title: string;
  sku: string;
  /** null: the new row starts at the product's price (a new product's, set in its fields). */
  price: number | null;
  compareAtPrice: number | null;
  onHand: number;
  reserved: number;
  attributeValueIds: string[];
}

const comboKey = (ids: readonly string[]) => [...ids].sort().join(',');

/** Every combination of the chosen values, one axis per attribute in the attributes' order, each a row to be. */
export function combinationsOf(attributes: AttributeWithValues[], chosenIds: string[]) {
  const chosen = new Set(chosenIds);
  const axes = attributes.map((a) => a.values.filter((v) => chosen.has(v.id))).filter((values) => values.length > 0);
  if (axes.length === 0) return [];
  return axes.reduce<{ ids: string[]; names: string[] }[]>(
    (acc, values) => acc.flatMap((prefix) => values.map((v) => ({ ids: [...prefix.ids, v.id], names: [...prefix.names, v.value] }))),
    [{ ids: [], names: [] }],
  );
}

/**
 * The product editor's variations as one unsaved change: the values chosen, the combinations to
 * generate (shown as new rows, not saved yet) and the grid's edits, saved together by the form's one
 * save bar (PATCH …/variations: generate, then the edits, in one transaction) or discarded by its Cancel.
 */
export function useVariationsDraft(productId: string | null) {
  const client = useQueryClient();
  const attributes = useQuery({ queryKey: ['commerce', 'attributes-with-values'], queryFn: getAttributesWithValues, staleTime: 30_000 });
  const saved = useQuery({
    queryKey: variationsKey(productId ?? 'new'),
    queryFn: () => getVariations(productId!),
    enabled: productId !== null,
  });
  const variations = useMemo(() => (productId === null ? [] : (saved.data ?? [])), [productId, saved.data]);
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const [toGenerate, setToGenerate] = useState<string[] | null>(null);
  const [edits, setEdits] = useState<Record<string, RowEdit>>({});
  const [errors, setErrors] = useState<Record<string, Partial<Record<EditableField | 'row', string>>>>({});

  // Start from the values the product's variations already use.
  const used = useMemo(() => new Set(variations.flatMap((v) => v.attributeValueIds)), [variations]);
  useEffect(() => {
    if (!attributes.data || (productId !== null && !saved.data)) return;
    setChosen((prev) =>
      Object.keys(prev).length > 0
        ? prev
        : Object.fromEntries(attributes.data.map((a) => [a.id, a.values.filter((v) => used.has(v.id)).map((v) => v.id)])),
    );
  }, [attributes.data, saved.data, used, productId]);

  const rows = useMemo<GridRow[]>(() => {
    const toRow = (v: Variation): GridRow => ({ ...v, key: v.id, id: v.id });
    if (toGenerate === null) return variations.map(toRow);
    const have = new Set(variations.map((v) => comboKey(v.attributeValueIds)));
    const fresh = combinationsOf(attributes.data ?? [], toGenerate).filter((c) => !have.has(comboKey(c.ids)));
    // A product without values loses its default variation to the new ones, which start at its price.
    const defaults = variations.filter((v) => v.attributeValueIds.length === 0);
    const startPrice = defaults[0]?.price ?? (productId === null ? null : 0);
    return [
      ...variations.filter((v) => v.attributeValueIds.length > 0).map(toRow),
      ...fresh.map((c) => ({
        key: `new:${comboKey(c.ids)}`,
        id: null,
        title: c.names.join(' / '),
        sku: '',
        price: startPrice,
        compareAtPrice: null,
        onHand: 0,
        reserved: 0,
        attributeValueIds: c.ids,
      })),
    ];
  }, [variations, toGenerate, attributes.data, productId]);

  const changed = useMemo(
    () => rows.filter((r) => edits[r.key] && Object.keys(edits[r.key]).length > 0).map((r) => ({ row: r, edit: edits[r.key] })),
    [rows, edits],
  );
  const newRows = rows.filter((r) => r.id === null).length;
  const dirty = toGenerate !== null || changed.length > 0;

  const discard = useCallback(() => {
    setToGenerate(null);
    setEdits({});
    setErrors({});
    setChosen({});
  }, []);

  const save = useCallback(
    async (id: string) => {
      setErrors({});
      const body = {
        generate: toGenerate !== null && toGenerate.length > 0 ? { attributeValueIds: toGenerate } : undefined,
        variations: changed.map(
          ({ row, edit }): GridEdit => (row.id ? { id: row.id, ...edit } : { attributeValueIds: row.attributeValueIds, ...edit }),
        ),
      };
      if (!body.generate && body.variations.length === 0) {
        setToGenerate(null);
        return;
      }
      try {
        const result = await saveVariationGrid(id, body);
        client.setQueryData(variationsKey(id), result.variations);
        setToGenerate(null);
        setEdits({});
        await client.invalidateQueries({ queryKey: ['resource', 'commerce/products'] });
        await client.invalidateQueries({ queryKey: ['resource', 'commerce/products', 'revisions', id] });
      } catch (err) {
        if (err instanceof ApiError) {
          // variations.N.field → the row and input it names (N counts the edits sent).
          const placed: typeof errors = {};
          for (const [field, message] of Object.entries(err.fields ?? {})) {
            const match = /^variations\.(\d+)(?:\.(\w+))?/.exec(field);
            const row = match ? changed[Number(match[1])]?.row : undefined;
            if (!row) continue;
            const input = (match?.[2] ?? 'row') as EditableField | 'row';
            placed[row.key] = { ...placed[row.key], [input in (edits[row.key] ?? {}) ? input : 'row']: message };
          }
          setErrors(placed);
        }
        throw err;
      }
    },
    [toGenerate, changed, client, edits],
  );

  return {
    loading: attributes.isLoading || (productId !== null && saved.isLoading),
    attributes: attributes.data ?? [],
    chosen,
    choose: (attributeId: string, ids: string[]) => setChosen((prev) => ({ ...prev, [attributeId]: ids })),
    /** Adds the chosen values' combinations as new rows (saved with the rest). */
    generate: () => setToGenerate(Object.values(chosen).flat()),
    rows,
    newRows,
    edits,
    errors,
    edit: (key: string, patch: RowEdit) => setEdits((prev) => ({ ...prev, [key]: { ...prev[key], ...patch } })),
    fillAll: (patch: RowEdit) => setEdits((prev) => Object.fromEntries(rows.map((r) => [r.key, { ...prev[r.key], ...patch }]))),
    changedCount: changed.length,
    dirty,
    save,
    discard,
  };
}

export type VariationsDraft = ReturnType<typeof useVariationsDraft>;
