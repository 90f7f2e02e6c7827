import { Alert, Button, Group, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { toMajor, toMinorUnits } from '../../../kit/money';
import { saveVariations, type Variation, type VariationEdit, variationsKey } from './catalogue-api';
import type { Currency } from './money';

const ROW_HEIGHT = 48;
/** The grid's scrolling viewport: ten rows. */
const VIEWPORT = 480;
const COLUMNS = 'minmax(140px, 1.4fr) minmax(140px, 1.2fr) minmax(110px, 1fr) minmax(110px, 1fr) minmax(90px, 0.7fr)';

type Edits = Record<string, VariationEdit>;

/** A number input's value as a number, or undefined while it is empty. */
const numberOf = (v: string | number) => (v === '' ? undefined : Number(v));

/**
 * The product's variations as an editable grid (SKU, price, compare-at price, stock). Only the rows
 * on screen are rendered, so it stays smooth at 1,000 rows; changes are kept per row and saved in
 * one request. "Set for all" fills price or stock of every row at once.
 */
export function VariationGrid({ productId, variations, currency }: { productId: string; variations: Variation[]; currency: Currency }) {
  const [edits, setEdits] = useState<Edits>({});
  const [allPrice, setAllPrice] = useState<number | undefined>();
  const [allStock, setAllStock] = useState<number | undefined>();
  const scrollRef = useRef<HTMLDivElement>(null);
  const client = useQueryClient();
  const virtualizer = useVirtualizer({
    count: variations.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // The viewport before it is measured (and where nothing is laid out, e.g. tests).
    initialRect: { width: 800, height: VIEWPORT },
  });
  const changed = useMemo(() => Object.values(edits).filter((e) => Object.keys(e).length > 1), [edits]);
  const save = useMutation({
    mutationFn: () => saveVariations(productId, changed),
    onSuccess: (result) => {
      setEdits({});
      client.setQueryData(variationsKey(productId), (old: Variation[] | undefined) => {
        const byId = new Map(result.variations.map((v) => [v.id, v]));
        return (old ?? []).map((v) => byId.get(v.id) ?? v);
      });
      client.invalidateQueries({ queryKey: ['resource', 'commerce/products'] });
      notifications.show({ color: 'green', message: `Saved ${result.updated} ${result.updated === 1 ? 'variation' : 'variations'}` });
    },
  });
  const edit = (id: string, patch: Omit<VariationEdit, 'id'>) => setEdits((prev) => ({ ...prev, [id]: { ...prev[id], ...patch, id } }));
  const fillAll = (patch: Omit<VariationEdit, 'id'>) =>
    setEdits((prev) => Object.fromEntries(variations.map((v) => [v.id, { ...prev[v.id], ...patch, id: v.id }])));
  const shown = <K extends keyof VariationEdit>(v: Variation, key: K): Variation[K & keyof Variation] | VariationEdit[K] =>
    edits[v.id] && key in edits[v.id] ? edits[v.id][key] : (v[key as keyof Variation] as Variation[K & keyof Variation]);
  const error = save.error instanceof ApiError ? save.error : null;
  const items = virtualizer.getVirtualItems();
  const money = (label: string, v: Variation, key: 'price' | 'compareAtPrice') => {
    const minor = shown(v, key) as number | null | undefined;
    return (
      <NumberInput
        size="xs"
        aria-label={`${label} of ${v.title || v.sku}`}
        value={minor == null ? '' : toMajor(minor, currency.code)}
        decimalScale={currency.decimals}
        thousandSeparator=","
        min={0}
        hideControls
        onChange={(raw) => {
          const n = numberOf(raw);
          edit(v.id, { [key]: n === undefined ? (key === 'price' ? 0 : null) : toMinorUnits(n, currency.code) });
        }}
      />
    );
  };
  return (
    <Stack gap="sm">
      <Group align="end" gap="sm">
        <NumberInput
          size="xs"
          label={`Price for all (${currency.code})`}
          value={allPrice ?? ''}
          min={0}
          decimalScale={currency.decimals}
          onChange={(v) => setAllPrice(numberOf(v))}
          w={160}
        />
        <Button
          size="xs"
          variant="light"
          disabled={allPrice === undefined}
          onClick={() => fillAll({ price: toMinorUnits(allPrice ?? 0, currency.code) })}
        >
          Set price
        </Button>
        <NumberInput
          size="xs"
          label="Stock for all"
          value={allStock ?? ''}
          min={0}
          allowDecimal={false}
          onChange={(v) => setAllStock(numberOf(v))}
          w={120}
        />
        <Button size="xs" variant="light" disabled={allStock === undefined} onClick={() => fillAll({ onHand: allStock ?? 0 })}>
          Set stock
        </Button>
        <Group gap="xs" ml="auto">
          <Text size="sm" c="dimmed" aria-live="polite">
            {changed.length === 0 ? 'No changes' : `${changed.length} changed`}
          </Text>
          <Button size="xs" variant="default" disabled={changed.length === 0} onClick={() => setEdits({})}>
            Discard
          </Button>
          <Button size="xs" disabled={changed.length === 0} loading={save.isPending} onClick={() => save.mutate()}>
            Save variations
          </Button>
        </Group>
      </Group>
      {error && (
        <Alert color="red" variant="light" title={error.message}>
          {Object.entries(error.fields ?? {}).map(([field, message]) => {
            const row = /^variations\.(\d+)\./.exec(field);
            const name = row ? (variations.find((v) => v.id === changed[Number(row[1])]?.id)?.title ?? field) : field;
            return <Text key={field} size="sm">{`${name}: ${message}`}</Text>;
          })}
        </Alert>
      )}
      <Paper withBorder>
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: COLUMNS,
            gap: 8,
            padding: '6px 12px',
            borderBottom: '1px solid var(--mantine-color-default-border)',
          }}
        >
          {['Variation', 'SKU', `Price (${currency.code})`, 'Compare-at price', 'Stock'].map((h) => (
            <Text key={h} size="xs" fw={600} c="dimmed">
              {h}
            </Text>
          ))}
        </div>
        <div
          ref={scrollRef}
          style={{ height: Math.min(VIEWPORT, variations.length * ROW_HEIGHT + 8), overflow: 'auto' }}
          data-testid="variation-grid"
        >
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const v = variations[item.index];
              return (
                <div
                  key={v.id}
                  data-testid="variation-row"
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: ROW_HEIGHT,
                    transform: `translateY(${item.start}px)`,
                    display: 'grid',
                    gridTemplateColumns: COLUMNS,
                    gap: 8,
                    alignItems: 'center',
                    padding: '0 12px',
                    background: edits[v.id] ? 'var(--mantine-color-yellow-light)' : undefined,
                  }}
                >
                  <Text size="sm" truncate>
                    {v.title || 'Default'}
                  </Text>
                  <TextInput
                    size="xs"
                    aria-label={`SKU of ${v.title || v.sku}`}
                    value={String(shown(v, 'sku') ?? '')}
                    onChange={(e) => edit(v.id, { sku: e.currentTarget.value })}
                  />
                  {money('Price', v, 'price')}
                  {money('Compare-at price', v, 'compareAtPrice')}
                  <NumberInput
                    size="xs"
                    aria-label={`Stock of ${v.title || v.sku}`}
                    value={Number(shown(v, 'onHand') ?? 0)}
                    min={v.reserved}
                    allowDecimal={false}
                    hideControls
                    onChange={(raw) => edit(v.id, { onHand: numberOf(raw) ?? 0 })}
                  />
                </div>
              );
            })}
          </div>
        </div>
      </Paper>
      <Text size="xs" c="dimmed">
        {variations.length.toLocaleString('en')} {variations.length === 1 ? 'variation' : 'variations'}
      </Text>
    </Stack>
  );
}
