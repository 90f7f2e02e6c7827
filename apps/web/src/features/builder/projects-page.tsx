import { Alert, Badge, Button, Group, Progress, Stack, Table, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { label, useProjects } from './api';

const ProjectEditDrawer = lazy(() => import('./project-edit'));

/** Project management: every project the caller sees, with its progress and hours logged; Edit opens its details and members. */
export default function ProjectsPage() {
  const projects = useProjects();
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit');
  const edit = (id: string | null) =>
    setParams((p) => {
      if (id) p.set('edit', id);
      else p.delete('edit');
      return p;
    });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Projects</Title>
        <Button component={Link} to="/admin-panel/ProjectRegister">
          New project
        </Button>
      </Group>
      {projects.data?.length === 0 ? <Alert>No projects yet.</Alert> : null}
      <Table aria-label="Projects">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Project</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Progress</Table.Th>
            <Table.Th>Hours logged</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th>Edit</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(projects.data ?? []).map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>
                <Link to={`/admin-panel/builder?project=${p.id}`}>{p.name}</Link>
              </Table.Td>
              <Table.Td>
                <Badge variant="light">{label(p.status)}</Badge>
              </Table.Td>
              <Table.Td>
                <Group gap="xs">
                  <Progress w={140} value={p.progress * 100} aria-label={`${p.name} progress`} />
                  {p.doneTasks}/{p.tasks}
                </Group>
              </Table.Td>
              <Table.Td>{p.loggedHours.toFixed(1)}</Table.Td>
              <Table.Td>{p.dueDate ?? '—'}</Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" onClick={() => edit(p.id)} aria-label={`Edit ${p.name}`}>
                  Edit
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editing ? (
        <Suspense fallback={null}>
          <ProjectEditDrawer id={editing} close={() => edit(null)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
