import { Alert, Anchor, Button, Group, Loader, Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useResourceMeta } from '../../../api/get-resources-meta';
import { PageHeader } from '../../../kit/page-header';
import { type Row, updateRecord, useRecord } from '../../../kit/resource-api';
import { ResourceForm } from '../../../kit/resource-form';
import { CATALOGUE_PATHS } from './paths';
import { VariationsPanel } from './variations-panel';

const PRODUCTS = 'commerce/products';
/** The default variation's fields: asked when a product is made, then edited in the variations grid. */
const CREATE_ONLY = ['price', 'onHand', 'sku'];
const READ_ONLY = ['minPrice', 'maxPrice', 'ratingAverage', 'ratingCount', 'publishedAt', 'attributeIds'];

/**
 * The product editor (new product, or ?id=): the product's fields and its image gallery (drag to
 * reorder), then its variations — generated from chosen attribute values and edited in a grid —
 * and publishing.
 */
export default function ProductEditorPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const { meta, isLoading, error } = useResourceMeta(PRODUCTS);
  const record = useRecord(PRODUCTS, id);
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
        <IconArrowLeft size={14} aria-hidden /> Back to shop products
      </Group>
    </Anchor>
  );
  if (isLoading || (id && record.isLoading)) return <Loader aria-label="Loading the product" />;
  if (error || !meta) return <Alert color="red">The product editor could not load its fields.</Alert>;
  const product = (record.data ?? null) as Row | null;
  const title = id ? String(product?.title ?? 'Edit product') : 'New product';
  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        description={back}
        actions={
          product && product.status !== 'active' ? (
            <Button onClick={() => publish.mutate()} loading={publish.isPending}>
              Publish
            </Button>
          ) : undefined
        }
      />
      <Paper withBorder p="md">
        <ResourceForm
          key={id ?? 'new'}
          meta={meta}
          record={product}
          exclude={id ? [...CREATE_ONLY, ...READ_ONLY] : READ_ONLY}
          wide={['description', 'images']}
          submitLabel={id ? 'Save product' : 'Create product'}
          onSaved={(row, mode) => {
            client.invalidateQueries({ queryKey: ['resource', PRODUCTS] });
            if (mode === 'create') setParams({ id: row.id });
          }}
        />
      </Paper>
      {id && <VariationsPanel productId={id} />}
    </Stack>
  );
}
