import { Alert, Loader, Progress, Stack, Table, Text } from '@mantine/core';
import { useLocation } from 'react-router';
import { PageHeader } from '../../kit/page-header';
import { StatusBadge } from '../../kit/status-badge';
import { date, quotaAmount, STATUS_COLOR, STATUS_LABEL, useAddonOrders, useOverview } from './billing-api';

/** add-ons/my-addons (active add-ons with the usage of the limit each raises) and add-ons/my-request (every request). */
export default function MyAddonsPage() {
  const { pathname } = useLocation();
  const requests = pathname.endsWith('my-request');
  const orders = useAddonOrders(requests ? undefined : 'active');
  const overview = useOverview();
  return (
    <Stack>
      <PageHeader
        title={requests ? 'My add-on requests' : 'My add-ons'}
        description={
          requests ? 'Add-ons you asked for or bought, and where each stands.' : 'Active add-ons and what you use of the limits they raise.'
        }
      />
      {orders.isPending ? (
        <Loader aria-label="Loading the add-ons" />
      ) : orders.isError ? (
        <Alert color="red">The add-ons could not be loaded.</Alert>
      ) : orders.data.length === 0 ? (
        <Text c="dimmed">{requests ? 'No requests yet.' : 'No active add-ons.'}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Add-on</Table.Th>
                <Table.Th>Adds</Table.Th>
                <Table.Th>{requests ? 'Status' : 'Use of the limit'}</Table.Th>
                <Table.Th>{requests ? 'Asked' : 'Note'}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.data.map((order) => {
                const quota = overview.data?.usage.find((q) => q.key === order.quotaKey);
                const share = quota?.limit ? Math.min(100, (quota.used / quota.limit) * 100) : 0;
                return (
                  <Table.Tr key={order.id}>
                    <Table.Td>
                      {order.name}
                      {order.quantity > 1 ? ` × ${order.quantity}` : ''}
                    </Table.Td>
                    <Table.Td>{quotaAmount(order.quotaKey, order.units)}</Table.Td>
                    <Table.Td>
                      {requests ? (
                        <StatusBadge
                          value={order.status}
                          label={STATUS_LABEL[order.status] ?? order.status}
                          color={STATUS_COLOR[order.status]}
                        />
                      ) : quota ? (
                        <Stack gap={2}>
                          <Text size="sm">
                            {quotaAmount(quota.key, quota.used)} of {quotaAmount(quota.key, quota.limit)}
                          </Text>
                          <Progress value={share} aria-label={`${quota.label}: ${Math.round(share)}% used`} />
                        </Stack>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>{requests ? date(order.createdAt) : (order.decisionNote ?? order.note ?? '—')}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
