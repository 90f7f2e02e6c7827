import { Stack } from '@mantine/core';
import type { ListView } from '../../kit/list-view';
import { RecordDetails } from '../../kit/record-details';
import { ResourceScreen } from '../../kit/resource-screen';
import { RetryRecord } from './retry-record';

/** A delivery opens as its details, with Retry when it failed. */
const view: ListView = {
  record: ({ row, meta }) => (
    <Stack>
      {row.status === 'failed' && (
        <RetryRecord row={row} resource="ops/event-deliveries" error={row.lastError} canRetry={meta.permissions.write} />
      )}
      <RecordDetails meta={meta} row={row} long={['lastError']} />
    </Stack>
  ),
};

/** Each domain event handed to each subscribing module: pending, done, or failed with its error. */
export default function EventDeliveriesPage() {
  return (
    <ResourceScreen
      resource="ops/event-deliveries"
      title="Event deliveries"
      description="What each module did after a change was saved. A failed one can be run again once its cause is fixed."
      readOnly
      view={view}
    />
  );
}
