import { RecordDetails } from '../../kit/record-details';
import { ResourceScreen } from '../../kit/resource-screen';

/** Every email and message the community sent (the outbox while no transport is configured). */
export default function NotificationsPage() {
  return (
    <ResourceScreen
      resource="ops/outbox"
      title="Sent messages"
      description="Every email and message sent on behalf of your community."
      readOnly
      renderRecord={(row, meta) => <RecordDetails meta={meta} row={row} long={['text', 'html']} />}
    />
  );
}
