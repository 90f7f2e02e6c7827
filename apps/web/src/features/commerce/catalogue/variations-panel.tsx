import { Button, Group, Loader, MultiSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useShopCurrency } from './money';
import { VariationGrid } from './variation-grid';
import type { VariationsDraft } from './variations-draft';

/** How many variations the chosen values make (one per combination). */
const combinations = (chosen: Record<string, string[]>) => {
  const axes = Object.values(chosen).filter((ids) => ids.length > 0);
  return axes.length === 0 ? 0 : axes.reduce((n, ids) => n * ids.length, 1);
};

/**
 * A product's variations: choose attribute values (Colour × Size…) and add one variation per
 * combination (existing ones are kept), then edit SKU, price and stock in the grid. Nothing here
 * saves on its own: the new rows and the grid's edits are part of the product's unsaved change,
 * saved or discarded with it by the editor's one save bar.
 */
export function VariationsPanel({ draft }: { draft: VariationsDraft }) {
  const currency = useShopCurrency();
  const count = combinations(draft.chosen);
  return (
    <Paper withBorder p="md" component="section" aria-label="Variations">
      <Stack gap="md">
        <Title order={2} size="h4">
          Variations
        </Title>
        {draft.loading ? (
          <Loader size="sm" aria-label="Loading variations" />
        ) : (
          <>
            {draft.attributes.length === 0 ? (
              <Text size="sm" c="dimmed">
                No attributes yet: add Colour, Size… under Attributes to make variations.
              </Text>
            ) : (
              <>
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                  {draft.attributes.map((a) => (
                    <MultiSelect
                      key={a.id}
                      label={a.name}
                      placeholder={`Choose ${a.name.toLowerCase()} values`}
                      data={a.values.map((v) => ({ value: v.id, label: v.value }))}
                      value={draft.chosen[a.id] ?? []}
                      onChange={(ids) => draft.choose(a.id, ids)}
                      searchable
                      clearable
                    />
                  ))}
                </SimpleGrid>
                <Group>
                  <Button variant="light" onClick={draft.generate} disabled={count === 0 || count > 1000}>
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
            <VariationGrid draft={draft} currency={currency} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
