import { Alert, Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { request } from '../../api/client';
import { label, useCurrentProject } from './api';
import { ProjectPicker } from './project-picker';

const SLOT_NAMES = ['one', 'two', 'three'] as const;

interface Slot {
  slot: number;
  member: { userId: string; name: string; email: string; capacityHours: number } | null;
  tasks: { id: string; title: string; status: string; priority: string; dueDate: string | null; estimateHours: number | null }[];
  issues: { id: string; title: string; status: string; severity: string; priority: string }[];
}

/** The slot a developer-one/two/three address names. */
export function slotOf(pathname: string): number {
  const name = pathname.match(/developer-(one|two|three)/)?.[1] as (typeof SLOT_NAMES)[number] | undefined;
  return name ? SLOT_NAMES.indexOf(name) + 1 : 1;
}

/**
 * A developer slot of a project (developer-one/two/three): the developer the project manager put in
 * that slot (Project management → Edit → Members), with their open tasks and issues of the project.
 */
export default function DeveloperPage() {
  const slot = slotOf(useLocation().pathname);
  const { id } = useCurrentProject();
  const data = useQuery({
    queryKey: ['builder', 'developer-slot', id, slot],
    enabled: Boolean(id),
    queryFn: () => request<{ data: Slot }>('GET', `/api/v1/builder/projects/${id}/developer-slots/${slot}`).then((r) => r.data),
  });
  const s = data.data;
  const estimate = (s?.tasks ?? []).reduce((sum, t) => sum + (t.estimateHours ?? 0), 0);
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Developer {SLOT_NAMES[slot - 1]}</Title>
        <ProjectPicker />
      </Group>
      {!id ? <Alert>No project yet: start one from New project.</Alert> : null}
      {s && !s.member ? (
        <Alert>
          Nobody holds developer slot {SLOT_NAMES[slot - 1]} on this project. The project manager assigns it under{' '}
          <Anchor component={Link} to={`/admin-panel/project-management?edit=${id}`}>
            the project's members
          </Anchor>
          .
        </Alert>
      ) : null}
      {s?.member ? (
        <>
          <Paper withBorder p="sm">
            <Text fw={600} data-testid="slot-developer">
              {s.member.name}
            </Text>
            <Text size="sm" c="dimmed">
              {s.member.email} · {s.member.capacityHours} h a week · {s.tasks.length} open tasks ({estimate} h estimated) ·{' '}
              {s.issues.length} open issues
            </Text>
          </Paper>
          <Title order={2} size="h4">
            Open tasks
          </Title>
          <Table aria-label={`Open tasks of ${s.member.name}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Task</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Priority</Table.Th>
                <Table.Th>Estimate</Table.Th>
                <Table.Th>Due</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.tasks.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text size="sm" c="dimmed">
                      Nothing open.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {s.tasks.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin-panel/builder?project=${id}&task=${t.id}`}>
                      {t.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{label(t.status)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{label(t.priority)}</Badge>
                  </Table.Td>
                  <Table.Td>{t.estimateHours === null ? '—' : `${t.estimateHours} h`}</Table.Td>
                  <Table.Td>{t.dueDate ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Title order={2} size="h4">
            Open issues
          </Title>
          <Table aria-label={`Open issues of ${s.member.name}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Issue</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Severity</Table.Th>
                <Table.Th>Priority</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.issues.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text size="sm" c="dimmed">
                      No open issue.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {s.issues.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin-panel/builder/quality-assurance?project=${id}&issue=${i.id}`}>
                      {i.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{i.status}</Table.Td>
                  <Table.Td>{i.severity}</Table.Td>
                  <Table.Td>{i.priority}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      ) : null}
    </Stack>
  );
}
