import { Code, Stack, Table, Text } from '@mantine/core';
import type { ResourceMeta } from '../api/get-resources-meta';
import { useResourceCurrency } from './money-input';
import type { Row } from './resource-api';
import { displayText, outputFields, recordCurrency } from './schema';

/** Every field of a record, read-only (for logs, messages and other records nobody edits). */
export function RecordDetails({ meta, row, long = [] }: { meta: ResourceMeta; row: Row; long?: string[] }) {
  const fields = outputFields(meta, recordCurrency(meta, row, useResourceCurrency(meta)));
  return (
    <Stack gap="md">
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          {fields
            .filter((f) => !long.includes(f.key))
            .map((f) => {
              const value = row[f.key];
              const isObject = value !== null && typeof value === 'object';
              return (
                <Table.Tr key={f.key}>
                  <Table.Th w={160}>{f.label}</Table.Th>
                  <Table.Td style={{ wordBreak: 'break-word' }}>
                    {isObject ? (
                      <Code block>{JSON.stringify(value, null, 2)}</Code>
                    ) : (
                      displayText(f, value) || (
                        <Text c="dimmed" size="sm">
                          —
                        </Text>
                      )
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
        </Table.Tbody>
      </Table>
      {long.map((key) =>
        row[key] ? (
          <div key={key}>
            <Text fw={600} size="sm" mb={4}>
              {fields.find((f) => f.key === key)?.label ?? key}
            </Text>
            <Code block style={{ whiteSpace: 'pre-wrap' }}>
              {String(row[key])}
            </Code>
          </div>
        ) : null,
      )}
    </Stack>
  );
}
