import { Alert, Badge, Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { request } from '../../api/client';
import { label } from './api';

interface Mine {
  id: string;
  title: string;
  status: string;
  priority: string;
  dueDate: string | null;
  projectId: string | null;
  project: string | null;
}

/** A developer's view: the open tasks assigned to them, soonest due first. */
export default function MyWorkPage() {
  const mine = useQuery({
    queryKey: ['builder', 'my-tasks'],
    queryFn: () => request<{ data: Mine[] }>('GET', '/api/v1/builder/my-tasks').then((r) => r.data),
  });
  return (
    <Stack>
      <Title order={1}>My work</Title>
      {mine.data && mine.data.length === 0 ? <Alert>Nothing assigned to you is open.</Alert> : null}
      <Table aria-label="My open tasks">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Task</Table.Th>
            <Table.Th>Project</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Priority</Table.Th>
            <Table.Th>Due</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(mine.data ?? []).map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td>{t.title}</Table.Td>
              <Table.Td>{t.projectId ? <Link to={`/admin-panel/builder?project=${t.projectId}`}>{t.project}</Link> : '—'}</Table.Td>
              <Table.Td>{label(t.status)}</Table.Td>
              <Table.Td>
                <Badge variant="light">{label(t.priority)}</Badge>
              </Table.Td>
              <Table.Td>{t.dueDate ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
