import { Alert, Badge, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';
import { label, useCurrentProject } from './api';
import { ProjectPicker } from './project-picker';

interface Stats {
  statuses: { status: string; count: number; hours: number }[];
  people: { userId: string; name: string; capacityHours: number; loggedHours: number; openTasks: number }[];
  burnup: { week: string; doneHours: number }[];
  risks: { overdue: number; urgentUnassigned: number; criticalIssues: number; pendingChanges: number; pendingHours: number };
}
interface Version {
  id: string;
  name: string;
  status: string;
  dueDate: string | null;
}

/** Project manager: milestones, progress, burn-up against scope, risks and pending scope changes. */
export default function ManagerPage() {
  const { id, projects } = useCurrentProject();
  const project = projects.data?.find((p) => p.id === id);
  const stats = useQuery({
    queryKey: ['builder', 'stats', id],
    enabled: Boolean(id),
    queryFn: () => request<{ data: Stats }>('GET', `/api/v1/builder/projects/${id}/stats`).then((r) => r.data),
  });
  const versions = useQuery({
    queryKey: ['builder', 'versions', id],
    enabled: Boolean(id),
    queryFn: () =>
      request<{ data: Version[] }>('GET', '/api/v1/builder/versions', { query: { projectId: id ?? undefined, limit: 50 } }).then(
        (r) => r.data,
      ),
  });
  const s = stats.data;
  const scope = project?.estimateHours ?? 0;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Project manager</Title>
        <ProjectPicker />
      </Group>
      {!id ? <Alert>No project yet.</Alert> : null}
      {s && project ? (
        <>
          <SimpleGrid cols={{ base: 1, md: 4 }}>
            <Paper withBorder p="sm">
              <Text size="sm" c="dimmed">
                Progress
              </Text>
              <Text fw={600}>
                {Math.round(project.progress * 100)}% of {project.tasks} tasks
              </Text>
              <Progress value={project.progress * 100} aria-label="Progress" />
            </Paper>
            <Paper withBorder p="sm">
              <Text size="sm" c="dimmed">
                Overdue tasks
              </Text>
              <Text fw={600}>{s.risks.overdue}</Text>
            </Paper>
            <Paper withBorder p="sm">
              <Text size="sm" c="dimmed">
                Urgent and unassigned · critical issues
              </Text>
              <Text fw={600}>
                {s.risks.urgentUnassigned} · {s.risks.criticalIssues}
              </Text>
            </Paper>
            <Paper withBorder p="sm">
              <Text size="sm" c="dimmed">
                Scope changes waiting for the client
              </Text>
              <Text fw={600}>
                {s.risks.pendingChanges} ({s.risks.pendingHours} h)
              </Text>
            </Paper>
          </SimpleGrid>
          <Title order={2} size="h4">
            Burn-up (done hours against {scope} h of approved scope)
          </Title>
          <Table aria-label="Burn-up">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Week</Table.Th>
                <Table.Th>Done (cumulative)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.burnup.map((b) => (
                <Table.Tr key={b.week}>
                  <Table.Td>{b.week}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Progress w={200} value={scope ? Math.min(100, (100 * b.doneHours) / scope) : 0} aria-label={`Week of ${b.week}`} />
                      {b.doneHours} h
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Title order={2} size="h4">
            Milestones
          </Title>
          <Group>
            {(versions.data ?? []).map((v) => (
              <Badge
                key={v.id}
                size="lg"
                variant="light"
                color={v.status === 'released' ? 'green' : v.status === 'active' ? 'blue' : 'gray'}
              >
                {v.name} {v.dueDate ? `· ${v.dueDate}` : ''}
              </Badge>
            ))}
          </Group>
          <Title order={2} size="h4">
            Tasks by status
          </Title>
          <Group>
            {s.statuses.map((st) => (
              <Badge key={st.status} size="lg" variant="outline">
                {label(st.status)}: {st.count}
              </Badge>
            ))}
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
