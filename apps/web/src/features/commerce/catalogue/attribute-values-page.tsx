import { Button, ColorInput, Group, Paper, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { PageHeader } from '../../../kit/page-header';
import { ResourceScreen } from '../../../kit/resource-screen';
import { addAttributeValue, getAttributesWithValues } from './catalogue-api';

/**
 * Attribute values (the seed's "add attributes"): choose an attribute, add values to it (a swatch
 * for colours), and edit or delete its values in the list below.
 */
export default function AttributeValuesPage() {
  const client = useQueryClient();
  const attributes = useQuery({ queryKey: ['commerce', 'attributes-with-values'], queryFn: getAttributesWithValues });
  const [attributeId, setAttributeId] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const [swatch, setSwatch] = useState('');
  const chosen = attributeId ?? attributes.data?.[0]?.id ?? null;
  const add = useMutation({
    mutationFn: () => addAttributeValue(chosen!, { value: value.trim(), ...(swatch ? { swatch } : {}) }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: `Added ${value.trim()}` });
      setValue('');
      setSwatch('');
      client.invalidateQueries({ queryKey: ['commerce', 'attributes-with-values'] });
      client.invalidateQueries({ queryKey: ['resource', 'commerce/attribute-values'] });
    },
  });
  const error = add.error instanceof ApiError ? (add.error.fields?.value ?? add.error.message) : undefined;
  return (
    <Stack gap="md">
      <PageHeader title="Attribute values" description="The values products vary by: colours with their swatches, sizes…" />
      <Paper withBorder p="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (chosen && value.trim()) add.mutate();
          }}
        >
          <Group align="end">
            <Select
              label="Attribute"
              data={(attributes.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
              value={chosen}
              onChange={setAttributeId}
              allowDeselect={false}
              w={200}
            />
            <TextInput
              label="New value"
              placeholder="Red, XL…"
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              error={error}
            />
            <ColorInput
              label="Swatch (colours)"
              placeholder="#rrggbb"
              value={swatch}
              onChange={setSwatch}
              format="hex"
              withEyeDropper={false}
              w={160}
            />
            <Button type="submit" loading={add.isPending} disabled={!chosen || !value.trim()}>
              Add value
            </Button>
          </Group>
        </form>
      </Paper>
      {chosen && <ResourceScreen key={chosen} resource="commerce/attribute-values" fixed={{ attributeId: chosen }} embedded />}
    </Stack>
  );
}
