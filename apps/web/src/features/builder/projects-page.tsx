import { Alert, Badge, Button, Group, Progress, Stack, Table, Title } from '@mantine/core';
import { Link } from 'react-router';
import { label, useProjects } from './api';

/** Project management: every project the caller sees, with its progress and hours logged. */
export default function ProjectsPage() {
  const projects = useProjects();
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
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
