import { Badge, Group, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';
import { PageHeader } from '../../kit/page-header';

interface ModuleLifecycle {
  module: string;
  /** The module's name as people read it (the key is an identifier). */
  label: string;
  jobs: { name: string; cron: string | null }[];
  subscribers: string[];
  workflows: { name: string; steps: string[] }[];
}

/** What every module runs in the background: its jobs (and their schedules), event subscriptions and workflows. */
export default function BackgroundJobsPage() {
  const lifecycle = useQuery({
    queryKey: ['ops', 'lifecycle'],
    queryFn: () => request<{ data: ModuleLifecycle[] }>('GET', '/api/v1/ops/lifecycle').then((r) => r.data),
  });
  return (
    <>
      <PageHeader title="Background jobs" description="What each module runs after a change is saved or on a schedule." />
      {lifecycle.isError && <Text c="red">The list could not be loaded.</Text>}
      <Table withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Module</Table.Th>
            <Table.Th>Jobs</Table.Th>
            <Table.Th>Reacts to</Table.Th>
            <Table.Th>Workflows</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(lifecycle.data ?? []).map((m) => (
            <Table.Tr key={m.module}>
              <Table.Td>{m.label}</Table.Td>
              <Table.Td>
                {m.jobs.map((j) => (
                  <Group key={j.name} gap={6}>
                    <Text size="sm" ff="monospace">
                      {j.name}
                    </Text>
                    {j.cron && (
                      <Badge variant="light" title="Schedule (cron)">
                        {j.cron}
                      </Badge>
                    )}
                  </Group>
                ))}
              </Table.Td>
              <Table.Td>
                {m.subscribers.map((s) => (
                  <Text key={s} size="sm" ff="monospace">
                    {s}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td>
                {m.workflows.map((w) => (
                  <Text key={w.name} size="sm" ff="monospace" title={w.steps.join(' → ')}>
                    {w.name}
                  </Text>
                ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
