import { Button, Group, Loader, Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { duplicateBody } from '../../../kit/list-row-actions';
import type { RecordViewProps } from '../../../kit/list-view';
import { type Row, updateRecord, useRecord } from '../../../kit/resource-api';
import { ResourceForm } from '../../../kit/resource-form';
import { useShopCurrency } from './money';
import { TaxClassInput } from './tax-class-input';
import { useVariationsDraft } from './variations-draft';
import { describeVariations } from './variations-history';
import { VariationsPanel } from './variations-panel';

const PRODUCTS = 'commerce/products';
/** The default variation's fields: asked when a product is made, then edited in the variations grid. */
const CREATE_ONLY = ['price', 'onHand', 'sku'];
/** Inputs of this page's own: the tax class from the shop's classes. */
const WIDGETS = { taxClass: TaxClassInput };
const READ_ONLY = ['minPrice', 'maxPrice', 'ratingAverage', 'ratingCount', 'publishedAt', 'attributeIds'];

/**
 * A product on its own page (the products list's `?record=<id>`, `new` for a new one, `&copy=<id>` for
 * a Duplicate): the product's fields and its image gallery, its variations — generated from chosen
 * attribute values and edited in a grid — and publishing. Fields, new variations and grid edits are
 * one unsaved change with one save bar, and leaving with it unsaved asks first (in the app and on reload).
 */
export default function ProductEditor({ row, meta, open, copyOf }: Omit<RecordViewProps, 'row'> & { row?: Row; copyOf?: string | null }) {
  const id = row?.id ?? null;
  // A copy: a new product prefilled from another, unique fields cleared or suffixed.
  const copy = id ? null : (copyOf ?? null);
  const source = useRecord(PRODUCTS, copy);
  const prefill = useMemo(() => (source.data ? duplicateBody(meta, source.data) : undefined), [meta, source.data]);
  const draft = useVariationsDraft(id);
  const currency = useShopCurrency();
  // The history tells a grid save by each variation's title and amounts in the shop's currency.
  const describe = useMemo(
    () => ({ variations: describeVariations(new Map(draft.rows.flatMap((r) => (r.id ? [[r.id, r.title]] : []))), currency) }),
    [draft.rows, currency],
  );
  const client = useQueryClient();
  const publish = useMutation({
    mutationFn: () => updateRecord(PRODUCTS, id!, { status: 'active' }),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: ['resource', PRODUCTS] });
      notifications.show({ color: 'green', message: 'Published: the product is on sale' });
    },
  });
  if (copy && source.isLoading) return <Loader aria-label="Loading the product" />;
  return (
    <Stack gap="md" style={{ minWidth: 0 }}>
      {row && row.status !== 'active' && (
        <Group justify="flex-end">
          <Button onClick={() => publish.mutate()} loading={publish.isPending} disabled={draft.dirty}>
            Publish
          </Button>
        </Group>
      )}
      <Paper withBorder p="md">
        <ResourceForm
          key={id ?? `new:${copy ?? ''}`}
          meta={meta}
          record={row ?? null}
          prefill={prefill}
          exclude={id ? [...CREATE_ONLY, ...READ_ONLY] : READ_ONLY}
          wide={['description', 'images']}
          widgets={WIDGETS}
          historyDescribers={describe}
          submitLabel="Create product"
          barOnly
          companion={{
            dirty: draft.dirty,
            save: (saved) => draft.save(saved.id),
            discard: draft.discard,
            children: <VariationsPanel draft={draft} />,
          }}
          onSaved={(saved, mode) => {
            client.invalidateQueries({ queryKey: ['resource', PRODUCTS] });
            if (mode === 'create') open(saved.id);
          }}
        />
      </Paper>
    </Stack>
  );
}
