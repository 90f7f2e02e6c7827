import type { ListView } from '../../kit/list-view';
import { RecordDetails } from '../../kit/record-details';
import { ResourceScreen } from '../../kit/resource-screen';

/** A sent message opens as its details (the text and HTML in full), not a form. */
const view: ListView = { record: ({ row, meta }) => <RecordDetails meta={meta} row={row} long={['text', 'html']} /> };

/** Every email and message the community sent (the outbox while no transport is configured). */
export default function NotificationsPage() {
  return (
    <ResourceScreen
      resource="ops/outbox"
      title="Sent messages"
      description="Every email and message sent on behalf of your community."
      readOnly
      view={view}
    />
  );
}
