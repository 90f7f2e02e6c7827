import type { ListView } from '../../kit/list-view';
import { RecordDetails } from '../../kit/record-details';
import { ResourceScreen } from '../../kit/resource-screen';

/** A log entry opens as its details, not a form. */
const view: ListView = { record: ({ row, meta }) => <RecordDetails meta={meta} row={row} /> };

/** ops/logs of one kind (error or application), newest first. */
export function LogsScreen({ kind, title, description }: { kind: 'error' | 'application'; title: string; description: string }) {
  return (
    <ResourceScreen
      resource="ops/logs"
      title={title}
      description={description}
      fixed={{ kind }}
      columns={['createdAt', 'level', 'code', 'message']}
      readOnly
      view={view}
    />
  );
}
