import { Badge, Button, Group, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import { toMajor, toMinorUnits } from '../../../kit/money';
import type { Currency } from './money';
import type { EditableField, GridRow, VariationsDraft } from './variations-draft';

const ROW_HEIGHT = 48;
/** The grid's scrolling viewport: ten rows. */
const VIEWPORT = 480;
/** Wider than a phone: the grid scrolls sideways inside its frame, never the page. */
const MIN_WIDTH = 640;
const COLUMNS = 'minmax(140px, 1.4fr) minmax(140px, 1.2fr) minmax(110px, 1fr) minmax(110px, 1fr) minmax(90px, 0.7fr)';

/** A number input's value as a number, or undefined while it is empty. */
const numberOf = (v: string | number) => (v === '' ? undefined : Number(v));

/**
 * The product's variations as an editable grid (SKU, price, compare-at price, stock). Only the rows
 * on screen are rendered, so it stays smooth at 1,000 rows; changes are kept in the editor's draft
 * (rows not saved yet marked New) and saved with the product. "Set for all" fills price or stock of
 * every row at once. A refused save shows its message at the row and input it names.
 */
export function VariationGrid({ draft, currency }: { draft: VariationsDraft; currency: Currency }) {
  const [allPrice, setAllPrice] = useState<number | undefined>();
  const [allStock, setAllStock] = useState<number | undefined>();
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = draft.rows;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // The viewport before it is measured (and where nothing is laid out, e.g. tests).
    initialRect: { width: 800, height: VIEWPORT },
  });
  const shown = <K extends EditableField>(r: GridRow, key: K) => {
    const edit = draft.edits[r.key];
    return edit && key in edit ? edit[key] : r[key as keyof GridRow];
  };
  const items = virtualizer.getVirtualItems();
  const money = (label: string, r: GridRow, key: 'price' | 'compareAtPrice') => {
    const minor = shown(r, key) as number | null | undefined;
    return (
      <NumberInput
        size="xs"
        aria-label={`${label} of ${r.title || r.sku}`}
        value={minor == null ? '' : toMajor(minor, currency.code)}
        placeholder={key === 'price' && r.id === null ? 'Product price' : undefined}
        decimalScale={currency.decimals}
        thousandSeparator=","
        min={0}
        hideControls
        error={draft.errors[r.key]?.[key]}
        onChange={(raw) => {
          const n = numberOf(raw);
          draft.edit(r.key, { [key]: n === undefined ? (key === 'price' ? 0 : null) : toMinorUnits(n, currency.code) });
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
          onClick={() => draft.fillAll({ price: toMinorUnits(allPrice ?? 0, currency.code) })}
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
        <Button size="xs" variant="light" disabled={allStock === undefined} onClick={() => draft.fillAll({ onHand: allStock ?? 0 })}>
          Set stock
        </Button>
        <Text size="sm" c="dimmed" aria-live="polite" ml="auto">
          {[draft.newRows > 0 ? `${draft.newRows} new` : '', draft.changedCount > 0 ? `${draft.changedCount} changed` : '']
            .filter(Boolean)
            .join(' · ') || 'No changes'}
        </Text>
      </Group>
      <Paper withBorder style={{ overflowX: 'auto' }}>
        <div
          style={{
            minWidth: MIN_WIDTH,
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
          style={{ minWidth: MIN_WIDTH, height: Math.min(VIEWPORT, rows.length * ROW_HEIGHT + 8), overflowY: 'auto', overflowX: 'hidden' }}
          data-testid="variation-grid"
        >
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const r = rows[item.index];
              const rowError = draft.errors[r.key]?.row;
              return (
                <div
                  key={r.key}
                  data-testid="variation-row"
                  data-new={r.id === null || undefined}
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
                    background: rowError
                      ? 'var(--mantine-color-red-light)'
                      : draft.edits[r.key] || r.id === null
                        ? 'var(--mantine-color-yellow-light)'
                        : undefined,
                  }}
                >
                  <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                    <Text size="sm" truncate title={rowError}>
                      {r.title || 'Default'}
                    </Text>
                    {r.id === null && (
                      <Badge size="xs" variant="light">
                        New
                      </Badge>
                    )}
                    {rowError && (
                      <Text size="xs" c="red" truncate>
                        {rowError}
                      </Text>
                    )}
                  </Group>
                  <TextInput
                    size="xs"
                    aria-label={`SKU of ${r.title || r.sku}`}
                    value={String(shown(r, 'sku') ?? '')}
                    placeholder={r.id === null ? 'Made from the title' : undefined}
                    error={draft.errors[r.key]?.sku}
                    onChange={(e) => draft.edit(r.key, { sku: e.currentTarget.value })}
                  />
                  {money('Price', r, 'price')}
                  {money('Compare-at price', r, 'compareAtPrice')}
                  <NumberInput
                    size="xs"
                    aria-label={`Stock of ${r.title || r.sku}`}
                    value={Number(shown(r, 'onHand') ?? 0)}
                    min={r.reserved}
                    allowDecimal={false}
                    hideControls
                    error={draft.errors[r.key]?.onHand}
                    onChange={(raw) => draft.edit(r.key, { onHand: numberOf(raw) ?? 0 })}
                  />
                </div>
              );
            })}
          </div>
        </div>
      </Paper>
      <Text size="xs" c="dimmed">
        {rows.length.toLocaleString('en')} {rows.length === 1 ? 'variation' : 'variations'}
      </Text>
    </Stack>
  );
}
