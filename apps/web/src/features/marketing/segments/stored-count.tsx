import { Text } from '@mantine/core';
import type { ListCells } from '../../../kit/list-view';
import type { Row } from '../../../kit/resource-api';

/** The count stored with a segment or audience ("≈" when estimated). */
export function StoredCount({ row }: { row: Row }) {
  if (row.contactCount == null) return <Text c="dimmed">—</Text>;
  return <Text>{`${row.countIsEstimate ? '≈ ' : ''}${Number(row.contactCount).toLocaleString()}`}</Text>;
}

/** The lists of segments and audiences show that count. */
export const countCells: ListCells = { contactCount: (row) => <StoredCount row={row} /> };
