import { Input, SegmentedControl, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useModules } from '../../api/get-modules';
import { areaLabel } from '../../config/areas';
import type { WidgetProps } from '../../kit/field-input';

type Level = 'none' | 'read' | 'write';

function parse(value: unknown): Record<string, 'read' | 'write'> {
  if (typeof value === 'string' && value.trim()) {
    try {
      return JSON.parse(value);
    } catch {
      return {};
    }
  }
  return value && typeof value === 'object' ? (value as Record<string, 'read' | 'write'>) : {};
}

/** The roles' permissions as a matrix: per module none, read or write (write includes read). */
export function PermissionsMatrix({ field, input, disabled }: WidgetProps) {
  const modules = useModules();
  const current = parse(input.value);
  const set = (key: string, level: Level) => {
    const next = { ...current };
    if (level === 'none') delete next[key];
    else next[key] = level;
    input.onChange(JSON.stringify(next, null, 2));
  };
  const areas = [...new Set((modules.data ?? []).map((m) => m.area))];
  return (
    <Input.Wrapper
      label={field.label}
      description="What this role may see (read) and change (write), per module. Anything not granted is denied."
      error={input.error}
    >
      {modules.isPending ? (
        <Skeleton h={200} mt="xs" />
      ) : (
        <Stack gap={0} mt="xs" style={{ overflowX: 'auto' }}>
          <Table withTableBorder verticalSpacing={4} miw={340}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Module</Table.Th>
                <Table.Th w={220}>Access</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {areas.map((area) => [
                <Table.Tr key={`area-${area}`}>
                  <Table.Td colSpan={2} bg="var(--mantine-color-default-hover)">
                    <Text size="xs" fw={700} tt="uppercase">
                      {areaLabel(area)}
                    </Text>
                  </Table.Td>
                </Table.Tr>,
                ...(modules.data ?? [])
                  .filter((m) => m.area === area)
                  .map((m) => (
                    <Table.Tr key={m.key}>
                      <Table.Td>
                        <Text size="sm" id={`perm-${m.key}`}>
                          {m.label}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <SegmentedControl
                          size="xs"
                          fullWidth
                          disabled={disabled}
                          aria-labelledby={`perm-${m.key}`}
                          value={current[m.key] ?? 'none'}
                          onChange={(v) => set(m.key, v as Level)}
                          data={[
                            { value: 'none', label: 'None' },
                            { value: 'read', label: 'Read' },
                            { value: 'write', label: 'Write' },
                          ]}
                        />
                      </Table.Td>
                    </Table.Tr>
                  )),
              ])}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Input.Wrapper>
  );
}
