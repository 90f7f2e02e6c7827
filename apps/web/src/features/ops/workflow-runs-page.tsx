import { Badge, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';
import type { ListView } from '../../kit/list-view';
import { RecordDetails } from '../../kit/record-details';
import type { Row } from '../../kit/resource-api';
import { ResourceScreen } from '../../kit/resource-screen';
import { RetryRecord } from './retry-record';

interface RunStep {
  name: string;
  position: number;
  status: 'done' | 'compensated';
  at: string;
}

/** The steps a run recorded, in order (a compensated one was undone after a later step failed). */
function RunSteps({ row }: { row: Row }) {
  const steps = useQuery({
    queryKey: ['resource', 'ops/workflow-runs', row.id, 'steps'],
    queryFn: () => request<{ data: RunStep[] }>('GET', `/api/v1/ops/workflow-runs/${row.id}/steps`).then((r) => r.data),
  });
  if (!steps.data) return null;
  if (steps.data.length === 0) return <Text size="sm">No step has finished yet.</Text>;
  return (
    <Table withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Step</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th>At</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {steps.data.map((s) => (
          <Table.Tr key={s.name}>
            <Table.Td>{s.name}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={s.status === 'done' ? 'teal' : 'gray'}>
                {s.status === 'done' ? 'Done' : 'Undone'}
              </Badge>
            </Table.Td>
            <Table.Td>{new Date(s.at).toLocaleString()}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A run opens as its steps and details, with Retry when its undoing failed. */
const view: ListView = {
  record: ({ row, meta }) => (
    <Stack>
      {row.status === 'failed' && (
        <RetryRecord row={row} resource="ops/workflow-runs" error={row.error} canRetry={meta.permissions.write} />
      )}
      <RunSteps row={row} />
      <RecordDetails meta={meta} row={row} long={['error']} />
    </Stack>
  ),
};

/** Durable workflow runs: where each stands, its steps, and Retry for one whose undoing failed. */
export default function WorkflowRunsPage() {
  return (
    <ResourceScreen
      resource="ops/workflow-runs"
      title="Workflow runs"
      description="Processes of several steps (each saved as it finishes). When a step fails, the finished ones are undone, last first."
      readOnly
      view={view}
    />
  );
}
