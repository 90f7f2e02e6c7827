import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { request } from '../../api/client';
import { ResourceScreen } from '../../kit/resource-screen';
import { label, useCurrentProject } from './api';
import { ProjectPicker } from './project-picker';
import { RowsTable } from './rows-table';

interface Requirement {
  id: string;
  title: string;
  requirement: string;
  status: string;
  storyId: string | null;
  story: string | null;
}

/**
 * The business analyst's view: the project's user stories (with their acceptance criteria) and its
 * requirements — what the client asked for, in their words, on the tasks that carry it (save-requirement).
 */
export default function AnalystPage() {
  const { id } = useCurrentProject();
  const requirements = useQuery({
    queryKey: ['builder', 'requirements', id],
    enabled: Boolean(id),
    queryFn: () => request<{ data: Requirement[] }>('GET', `/api/v1/builder/projects/${id}/requirements`).then((r) => r.data),
  });
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Business analyst</Title>
        <ProjectPicker />
      </Group>
      {!id ? <Alert>No project yet: start one from New project.</Alert> : null}
      {id ? (
        <>
          <Title order={2} size="h4">
            Requirements
          </Title>
          {requirements.isError ? <Alert color="red">The requirements could not be loaded.</Alert> : null}
          <RowsTable
            label="Requirements of the project"
            rows={requirements.data ?? []}
            empty={requirements.isPending ? null : 'No requirement yet: a task holds the client’s words in its Requirement field.'}
            columns={[
              {
                label: 'Task',
                cell: (r) => (
                  <Anchor component={Link} to={`/admin-panel/builder?project=${id}&task=${r.id}`}>
                    {r.title}
                  </Anchor>
                ),
              },
              { label: 'Requirement', cell: (r) => r.requirement, style: { whiteSpace: 'pre-wrap' } },
              {
                label: 'Story',
                cell: (r) =>
                  r.story ?? (
                    <Text span c="dimmed" size="sm">
                      None
                    </Text>
                  ),
              },
              { label: 'Status', cell: (r) => label(r.status) },
            ]}
          />
          <Title order={2} size="h4">
            User stories
          </Title>
          <ResourceScreen resource="builder/stories" fixed={{ projectId: id }} embedded />
        </>
      ) : null}
    </Stack>
  );
}
