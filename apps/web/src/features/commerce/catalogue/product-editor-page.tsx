import { Alert, Anchor, Button, Group, Loader, Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useResourceMeta } from '../../../api/get-resources-meta';
import { duplicateBody } from '../../../kit/list-row-actions';
import { PageHeader } from '../../../kit/page-header';
import { type Row, updateRecord, useRecord } from '../../../kit/resource-api';
import { ResourceForm } from '../../../kit/resource-form';
import { useShopCurrency } from './money';
import { CATALOGUE_PATHS } from './paths';
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
 * The one product page (a new product, or ?id=, where a row of the products list leads): the
 * product's fields and its image gallery, its variations — generated from chosen attribute values
 * and edited in a grid — and publishing. Fields, new variations and grid edits are one unsaved
 * change with one save bar, and leaving with it unsaved asks first (in the app and on reload).
 */
export default function ProductEditorPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  // ?copy=<id>: a new product prefilled from another (Duplicate on the list), unique fields cleared or suffixed.
  const copy = id ? null : params.get('copy');
  const { meta, isLoading, error } = useResourceMeta(PRODUCTS);
  const record = useRecord(PRODUCTS, id);
  const source = useRecord(PRODUCTS, copy);
  const prefill = useMemo(() => (meta && source.data ? duplicateBody(meta, source.data) : undefined), [meta, source.data]);
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
  const back = (
    <Anchor component={Link} to={CATALOGUE_PATHS.products} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden /> Back to products for sale
      </Group>
    </Anchor>
  );
  if (isLoading || (id && record.isLoading) || (copy && source.isLoading)) return <Loader aria-label="Loading the product" />;
  if (error || !meta) return <Alert color="red">The product editor could not load its fields.</Alert>;
  const product = (record.data ?? null) as Row | null;
  const title = id
    ? String(product?.title ?? 'Edit product')
    : prefill
      ? `Copy of ${String(source.data?.title ?? 'a product')}`
      : 'New product';
  return (
    <Stack gap="md" style={{ minWidth: 0 }}>
      <PageHeader
        title={title}
        description={back}
        actions={
          product && product.status !== 'active' ? (
            <Button onClick={() => publish.mutate()} loading={publish.isPending} disabled={draft.dirty}>
              Publish
            </Button>
          ) : undefined
        }
      />
      <Paper withBorder p="md">
        <ResourceForm
          key={id ?? `new:${copy ?? ''}`}
          meta={meta}
          record={product}
          prefill={prefill}
          exclude={id ? [...CREATE_ONLY, ...READ_ONLY] : READ_ONLY}
          wide={['description', 'images']}
          widgets={WIDGETS}
          historyDescribers={describe}
          submitLabel="Create product"
          barOnly
          companion={{
            dirty: draft.dirty,
            save: (row) => draft.save(row.id),
            discard: draft.discard,
            children: <VariationsPanel draft={draft} />,
          }}
          onSaved={(row, mode) => {
            client.invalidateQueries({ queryKey: ['resource', PRODUCTS] });
            if (mode === 'create') setParams({ id: row.id });
          }}
        />
      </Paper>
    </Stack>
  );
}
