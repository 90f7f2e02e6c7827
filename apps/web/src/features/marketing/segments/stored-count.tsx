import { Text } from '@mantine/core';
import type { Row } from '../../../kit/resource-api';

/** The count stored with a segment or audience ("≈" when estimated). */
export function StoredCount({ row }: { row: Row }) {
  if (row.contactCount == null) return <Text c="dimmed">—</Text>;
  return <Text>{`${row.countIsEstimate ? '≈ ' : ''}${Number(row.contactCount).toLocaleString()}`}</Text>;
}
