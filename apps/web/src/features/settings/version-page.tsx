import { Alert, Paper, Skeleton, Table } from '@mantine/core';
import { ApiError } from '../../api/client';
import { useHealth } from '../../api/get-health';
import { PageHeader } from '../../kit/page-header';

export default function VersionPage() {
  const health = useHealth();
  return (
    <>
      <PageHeader title="Version" description="What this installation runs." />
      {health.isError && (
        <Alert color="red" variant="light" role="alert">
          {health.error instanceof ApiError ? health.error.message : 'The server did not answer.'}
        </Alert>
      )}
      <Paper withBorder maw={560}>
        <Table variant="vertical" layout="fixed">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={200}>Product version</Table.Th>
              <Table.Td data-testid="server-version">{health.data ? health.data.version : <Skeleton h={14} w={80} />}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Console version</Table.Th>
              <Table.Td>{__WEB_VERSION__}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Database</Table.Th>
              <Table.Td>
                {health.data ? (
                  health.data.database === 'pglite' ? (
                    'Embedded PostgreSQL (PGlite)'
                  ) : (
                    'PostgreSQL'
                  )
                ) : (
                  <Skeleton h={14} w={120} />
                )}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Status</Table.Th>
              <Table.Td>{health.data?.status === 'ok' ? 'Healthy' : (health.data?.status ?? '…')}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
    </>
  );
}
