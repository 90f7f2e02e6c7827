import { Table } from '@mantine/core';

/**
 * A table's header row from its column names, in order; `false` leaves a column out (one shown
 * only to writers) and an empty name heads a column of buttons (named "Actions" for screen readers).
 */
export function TableHead({ columns }: { columns: (string | false)[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((name, i) =>
          name === false ? null : name === '' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a column without a name has only its place
            <Table.Th key={i} aria-label="Actions" />
          ) : (
            <Table.Th key={name}>{name}</Table.Th>
          ),
        )}
      </Table.Tr>
    </Table.Thead>
  );
}
