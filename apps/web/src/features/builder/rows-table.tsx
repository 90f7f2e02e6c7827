import { Table, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { TableHead } from '../../kit/table-head';

/** A column of a RowsTable: its heading (empty for a column of buttons) and what a row shows in it. */
export interface RowsColumn<R> {
  label: string;
  cell: (row: R) => ReactNode;
  style?: CSSProperties;
}

/**
 * The builder's read-out tables (a developer's open work, a log table's entries, scope decisions):
 * the kit's header row, one row per record, and a line saying so when there is none.
 */
export function RowsTable<R extends { id: string }>({
  label,
  columns,
  rows,
  empty,
}: {
  label: string;
  columns: RowsColumn<R>[];
  rows: R[];
  /** Said when there is no row (null while the rows are on their way). */
  empty: string | null;
}) {
  return (
    <Table aria-label={label}>
      <TableHead columns={columns.map((c) => c.label)} />
      <Table.Tbody>
        {rows.length === 0 && empty !== null ? (
          <Table.Tr>
            <Table.Td colSpan={columns.length}>
              <Text size="sm" c="dimmed">
                {empty}
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : null}
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            {columns.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for the table's life; labels may repeat
              <Table.Td key={i} style={c.style}>
                {c.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
