import { Alert, Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { request } from '../../api/client';
import { label, useCurrentProject } from './api';
import { ProjectPicker } from './project-picker';
import { RowsTable } from './rows-table';

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
          <RowsTable
            label={`Open tasks of ${s.member.name}`}
            rows={s.tasks}
            empty="Nothing open."
            columns={[
              {
                label: 'Task',
                cell: (t) => (
                  <Anchor component={Link} to={`/admin-panel/builder?project=${id}&task=${t.id}`}>
                    {t.title}
                  </Anchor>
                ),
              },
              { label: 'Status', cell: (t) => label(t.status) },
              { label: 'Priority', cell: (t) => <Badge variant="light">{label(t.priority)}</Badge> },
              { label: 'Estimate', cell: (t) => (t.estimateHours === null ? '—' : `${t.estimateHours} h`) },
              { label: 'Due', cell: (t) => t.dueDate ?? '—' },
            ]}
          />
          <Title order={2} size="h4">
            Open issues
          </Title>
          <RowsTable
            label={`Open issues of ${s.member.name}`}
            rows={s.issues}
            empty="No open issue."
            columns={[
              {
                label: 'Issue',
                cell: (i) => (
                  <Anchor component={Link} to={`/admin-panel/builder/quality-assurance?project=${id}&issue=${i.id}`}>
                    {i.title}
                  </Anchor>
                ),
              },
              { label: 'Status', cell: (i) => i.status },
              { label: 'Severity', cell: (i) => i.severity },
              { label: 'Priority', cell: (i) => i.priority },
            ]}
          />
        </>
      ) : null}
    </Stack>
  );
}
