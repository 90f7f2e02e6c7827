import { Badge, Group, Select, Stack, Table, Text } from '@mantine/core';
import type { ImportPreview } from './import-api';
import { TableHead } from './table-head';

const ACTIONS = {
  create: { label: 'New', color: 'blue' },
  update: { label: 'Update', color: 'yellow' },
  unchanged: { label: 'Unchanged', color: 'gray' },
  error: { label: 'Error', color: 'red' },
} as const;

const SKIP = '__skip';

export interface ImportMappingProps {
  preview: ImportPreview;
  onChange: (choice: { mapping: Record<string, string>; key: string }) => void;
}

/** Each column of the file → a field (or not imported), and the field that finds existing records. */
export function ImportMapping({ preview, onChange }: ImportMappingProps) {
  const fieldData = [{ value: SKIP, label: 'Do not import' }, ...preview.fields.map((f) => ({ value: f.key, label: f.label }))];
  const setColumn = (header: string, key: string | null) => {
    const mapping = { ...preview.mapping };
    if (!key || key === SKIP) delete mapping[header];
    else mapping[header] = key;
    const mapped = new Set(Object.values(mapping));
    onChange({ mapping, key: preview.key && mapped.has(preview.key) ? preview.key : '' });
  };
  const mappedKeys = preview.keys.filter((k) => Object.values(preview.mapping).includes(k.key));
  return (
    <Stack gap="xs">
      <Table withTableBorder verticalSpacing={4} data-testid="import-mapping">
        <TableHead columns={['Column in the file', 'Field']} />
        <Table.Tbody>
          {preview.headers.map((header) => (
            <Table.Tr key={header}>
              <Table.Td>
                <Text size="sm">{header || '(no name)'}</Text>
              </Table.Td>
              <Table.Td>
                <Select
                  size="xs"
                  aria-label={`Field for column ${header}`}
                  data={fieldData}
                  value={preview.mapping[header] ?? SKIP}
                  onChange={(v) => setColumn(header, v)}
                  allowDeselect={false}
                  searchable
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Select
        label="Find existing records by"
        description="Rows whose value matches a record update it; the others are added."
        data={[{ value: '', label: 'Nothing: add every row' }, ...mappedKeys.map((k) => ({ value: k.key, label: k.label }))]}
        value={preview.key ?? ''}
        onChange={(key) => onChange({ mapping: preview.mapping, key: key ?? '' })}
        allowDeselect={false}
      />
    </Stack>
  );
}

/** The first rows as they would be imported: new, update, unchanged or refused with the reasons. */
export function ImportPreviewRows({ preview }: { preview: ImportPreview }) {
  const labels = new Map(preview.fields.map((f) => [f.key, f.label]));
  const errorText = (errors: Record<string, string>) =>
    Object.entries(errors)
      .map(([k, m]) => (labels.has(k.split('.')[0]) ? `${labels.get(k.split('.')[0])}: ${m}` : m))
      .join('; ');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        First {preview.rows.length} of {preview.totalRows.toLocaleString('en')} rows
      </Text>
      <Table withTableBorder verticalSpacing={4} data-testid="import-preview">
        <Table.Tbody>
          {preview.rows.map((row) => (
            <Table.Tr key={row.row}>
              <Table.Td w={60}>
                <Text size="xs" c="dimmed">
                  Row {row.row}
                </Text>
              </Table.Td>
              <Table.Td w={100}>
                <Badge variant="light" tt="none" color={ACTIONS[row.action].color}>
                  {ACTIONS[row.action].label}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {row.action === 'error' ? (
                    <Text size="xs" c="red">
                      {errorText(row.errors)}
                    </Text>
                  ) : (
                    <Text size="xs" lineClamp={1}>
                      {row.cells.filter(Boolean).slice(0, 4).join(' · ')}
                    </Text>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
