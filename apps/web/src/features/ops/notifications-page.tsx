import { Badge } from '@mantine/core';
import { RecordDetails } from '../../kit/record-details';
import type { Row } from '../../kit/resource-api';
import { ResourceScreen } from '../../kit/resource-screen';

const STATUS_COLOURS: Record<string, string> = { sent: 'teal', outbox: 'blue', failed: 'red', queued: 'yellow' };

const cells = {
  status: (row: Row) => (
    <Badge variant="dot" color={STATUS_COLOURS[String(row.status)] ?? 'gray'} tt="none">
      {String(row.status)}
    </Badge>
  ),
};

/** Every email and message the community sent (the outbox while no transport is configured). */
export default function NotificationsPage() {
  return (
    <ResourceScreen
      resource="ops/outbox"
      title="Sent messages"
      description="Every email and message sent on behalf of your community."
      cells={cells}
      readOnly
      renderRecord={(row, meta) => <RecordDetails meta={meta} row={row} long={['text', 'html']} />}
    />
  );
}
