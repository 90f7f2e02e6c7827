import { Input, SegmentedControl, Skeleton, Stack, Table, Text } from '@mantine/core';
import { type PermissionModule, useModules } from '../../api/get-modules';
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

/** The levels of a module the editor may grant: only what they hold themselves (the server refuses more). */
export function levelChoices(module: PermissionModule, current: Level) {
  const holds: Record<Level, boolean> = { none: true, read: module.read, write: module.write };
  return (['none', 'read', 'write'] as const).map((value) => ({
    value,
    label: value === 'none' ? 'None' : value === 'read' ? 'Read' : 'Write',
    // What the role has already stays visible; choosing it again is the server's call.
    disabled: !holds[value] && value !== current,
  }));
}

/**
 * The roles' permissions as a matrix: per permission module none, read or write (write includes
 * read), only the modules the server declares (GET /api/v1/meta/modules), grouped by area, and
 * only up to what the editor holds.
 */
export function PermissionsMatrix({ field, input, disabled }: WidgetProps) {
  const modules = useModules();
  const current = parse(input.value);
  const known = new Set((modules.data ?? []).map((m) => m.key));
  const set = (key: string, level: Level) => {
    // Grants of modules that no longer exist are dropped (the server refuses undeclared modules).
    const next = Object.fromEntries(Object.entries(current).filter(([k]) => known.has(k)));
    if (level === 'none') delete next[key];
    else next[key] = level;
    input.onChange(JSON.stringify(next, null, 2));
  };
  const areas = [...new Set((modules.data ?? []).map((m) => m.area))];
  const limited = (modules.data ?? []).some((m) => !m.write);
  return (
    <Input.Wrapper
      label={field.label}
      description={`What this role may see (read) and change (write), per module. Anything not granted is denied.${
        limited ? ' You can grant only what your own role holds.' : ''
      }`}
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
                          data={levelChoices(m, current[m.key] ?? 'none')}
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
