import { Badge } from '@mantine/core';
import { RecordDetails } from '../../kit/record-details';
import type { Row } from '../../kit/resource-api';
import { ResourceScreen } from '../../kit/resource-screen';

const LEVEL_COLOURS: Record<string, string> = { error: 'red', warn: 'orange', info: 'blue', debug: 'gray' };

const cells = {
  level: (row: Row) => (
    <Badge variant="dot" color={LEVEL_COLOURS[String(row.level)] ?? 'gray'} tt="none">
      {String(row.level)}
    </Badge>
  ),
};

/** ops/logs of one kind (error or application), newest first. */
export function LogsScreen({ kind, title, description }: { kind: 'error' | 'application'; title: string; description: string }) {
  return (
    <ResourceScreen
      resource="ops/logs"
      title={title}
      description={description}
      fixed={{ kind }}
      columns={['createdAt', 'level', 'code', 'message']}
      cells={cells}
      readOnly
      renderRecord={(row, meta) => <RecordDetails meta={meta} row={row} />}
    />
  );
}
