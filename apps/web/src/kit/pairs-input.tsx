import { ActionIcon, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { WidgetProps } from './field-input';
import { fieldInputProps } from './field-input-props';
import type { PairRow } from './schema';

/**
 * An object of strings (a product's meta tags: name → content) as rows of two inputs, added and
 * removed one by one; stored as the object (kit/schema.ts `pairs`), never typed as JSON.
 */
export function PairsInput({ field, input, mode, disabled }: WidgetProps) {
  const rows: PairRow[] = Array.isArray(input.value) ? input.value : [];
  const props = fieldInputProps({ field, input, mode, disabled });
  const set = (next: PairRow[]) => input.onChange(next);
  return (
    <Input.Wrapper label={props.label} description={props.description} error={props.error} required={props.required}>
      <Stack gap={6} mt={4}>
        {rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place (a name may be edited to another's)
          <Group key={i} gap="xs" wrap="nowrap" align="start">
            <TextInput
              aria-label={`${field.label}: name ${i + 1}`}
              placeholder="Name (og:image, robots…)"
              value={row.name}
              disabled={disabled}
              onChange={(e) => set(rows.map((r, j) => (j === i ? { ...r, name: e.currentTarget.value } : r)))}
              onBlur={input.onBlur}
              style={{ flex: '0 1 40%', minWidth: 0 }}
            />
            <TextInput
              aria-label={`${field.label}: content ${i + 1}`}
              placeholder="Content"
              value={row.value}
              disabled={disabled}
              onChange={(e) => set(rows.map((r, j) => (j === i ? { ...r, value: e.currentTarget.value } : r)))}
              onBlur={input.onBlur}
              style={{ flex: 1, minWidth: 0 }}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              disabled={disabled}
              aria-label={`Remove ${field.label.toLowerCase()} ${row.name || i + 1}`}
              onClick={() => set(rows.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <div>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={disabled}
            onClick={() => set([...rows, { name: '', value: '' }])}
          >
            Add {field.label.toLowerCase().replace(/s$/, '')}
          </Button>
        </div>
      </Stack>
    </Input.Wrapper>
  );
}
