import { Alert, Button, Group, Loader, MultiSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../../api/client';
import { generateVariations, getAttributesWithValues, getVariations, variationsKey } from './catalogue-api';
import { useShopCurrency } from './money';
import { VariationGrid } from './variation-grid';

/** How many variations the chosen values make (one per combination). */
const combinations = (chosen: Record<string, string[]>) => {
  const axes = Object.values(chosen).filter((ids) => ids.length > 0);
  return axes.length === 0 ? 0 : axes.reduce((n, ids) => n * ids.length, 1);
};

/**
 * A product's variations: choose attribute values (Colour × Size…) and generate one variation per
 * combination (existing ones are kept), then edit SKU, price and stock in the grid.
 */
export function VariationsPanel({ productId }: { productId: string }) {
  const client = useQueryClient();
  const currency = useShopCurrency();
  const attributes = useQuery({ queryKey: ['commerce', 'attributes-with-values'], queryFn: getAttributesWithValues, staleTime: 30_000 });
  const variations = useQuery({ queryKey: variationsKey(productId), queryFn: () => getVariations(productId) });
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const used = useMemo(() => new Set((variations.data ?? []).flatMap((v) => v.attributeValueIds)), [variations.data]);
  // Start from the values the product's variations already use.
  useEffect(() => {
    if (!attributes.data || !variations.data) return;
    setChosen((prev) =>
      Object.keys(prev).length > 0
        ? prev
        : Object.fromEntries(attributes.data.map((a) => [a.id, a.values.filter((v) => used.has(v.id)).map((v) => v.id)])),
    );
  }, [attributes.data, variations.data, used]);
  const generate = useMutation({
    mutationFn: () => generateVariations(productId, Object.values(chosen).flat()),
    onSuccess: (result) => {
      client.setQueryData(variationsKey(productId), result.variations);
      client.invalidateQueries({ queryKey: ['resource', 'commerce/products'] });
      notifications.show({
        color: 'green',
        message: `${result.created} ${result.created === 1 ? 'variation' : 'variations'} made, ${result.kept} kept`,
      });
    },
  });
  const count = combinations(chosen);
  const error = generate.error instanceof ApiError ? generate.error : null;
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          Variations
        </Title>
        {attributes.isLoading ? (
          <Loader size="sm" aria-label="Loading attributes" />
        ) : (attributes.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            No attributes yet: add Colour, Size… under Attributes to make variations.
          </Text>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {(attributes.data ?? []).map((a) => (
                <MultiSelect
                  key={a.id}
                  label={a.name}
                  placeholder={`Choose ${a.name.toLowerCase()} values`}
                  data={a.values.map((v) => ({ value: v.id, label: v.value }))}
                  value={chosen[a.id] ?? []}
                  onChange={(ids) => setChosen((prev) => ({ ...prev, [a.id]: ids }))}
                  searchable
                  clearable
                />
              ))}
            </SimpleGrid>
            <Group>
              <Button onClick={() => generate.mutate()} loading={generate.isPending} disabled={count === 0 || count > 1000}>
                Generate variations
              </Button>
              <Text size="sm" c={count > 1000 ? 'red' : 'dimmed'}>
                {count === 0
                  ? 'Choose values to combine'
                  : `${count.toLocaleString('en')} ${count === 1 ? 'combination' : 'combinations'}${count > 1000 ? ': at most 1,000' : ''}`}
              </Text>
            </Group>
          </>
        )}
        {error && (
          <Alert color="red" variant="light">
            {error.message}
          </Alert>
        )}
        {variations.isLoading ? (
          <Loader size="sm" aria-label="Loading variations" />
        ) : (
          <VariationGrid productId={productId} variations={variations.data ?? []} currency={currency} />
        )}
      </Stack>
    </Paper>
  );
}
