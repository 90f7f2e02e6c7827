import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApiError, request } from '../../api/client';
import { PageHeader } from '../../kit/page-header';
import { StatusBadge } from '../../kit/status-badge';
import { date, money, PERIOD_LABEL, STATUS_COLOR, STATUS_LABEL } from './billing-api';
import { PLATFORM_ADDONS_PATH, PLATFORM_PLANS_PATH } from './paths';

interface Revenue {
  mrr: { currency: string; amountMinor: number }[];
  subscriptions: Record<string, number>;
  churn: { cancelledLast30Days: number; rate: number };
  paidByMonth: { month: string; currency: string; totalMinor: number; invoices: number }[];
}
interface PlatformSubscription {
  community: string;
  planCode: string;
  period: 'monthly' | 'quarterly' | 'yearly';
  status: string;
  currency: string;
  priceMinor: number;
  periodEnd: string;
  failedAttempts: number;
}
interface AddonRequest {
  id: string;
  community: string;
  name: string;
  quantity: number;
  status: string;
  note: string | null;
  createdAt: string;
}

const get = <T,>(path: string, query?: Record<string, string>) => request<{ data: T }>('GET', path, { query }).then((r) => r.data);

const currencyFormat = (currency: string) => new Intl.NumberFormat('en', { style: 'currency', currency });
/** A currency's minor units as major ones for a chart's axis (123456 paise → 1234.56). */
const major = (minor: number, currency: string) => minor / 10 ** (currencyFormat(currency).resolvedOptions().maximumFractionDigits ?? 2);

/**
 * The platform's billing (platform operators, community `-`): MRR by currency, churn, subscriptions by
 * status, paid invoices by month (a chart per currency), every community's subscription, and the
 * add-on requests waiting for a decision. Plans and add-ons are edited on their own screens.
 */
export default function PlatformBillingPage() {
  const queryClient = useQueryClient();
  const revenue = useQuery({
    queryKey: ['billing', 'platform', 'revenue'],
    queryFn: () => get<Revenue>('/api/v1/billing/platform/revenue'),
  });
  const subscriptions = useQuery({
    queryKey: ['billing', 'platform', 'subscriptions'],
    queryFn: () => get<PlatformSubscription[]>('/api/v1/billing/platform/subscriptions'),
  });
  const requests = useQuery({
    queryKey: ['billing', 'platform', 'requests'],
    queryFn: () => get<AddonRequest[]>('/api/v1/billing/platform/addon-requests', { status: 'requested' }),
  });
  const decide = useMutation({
    mutationFn: ({ request: r, approve }: { request: AddonRequest; approve: boolean }) =>
      request('POST', `/api/v1/billing/platform/addon-requests/${encodeURIComponent(r.community)}/${r.id}/decide`, { body: { approve } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['billing', 'platform'] }),
  });

  const header = (
    <PageHeader
      title="Platform billing"
      description="Revenue, churn and every community’s subscription; add-on requests to decide."
      actions={
        <Group>
          <Anchor component={Link} to={PLATFORM_PLANS_PATH}>
            Plans
          </Anchor>
          <Anchor component={Link} to={PLATFORM_ADDONS_PATH}>
            Add-ons
          </Anchor>
        </Group>
      }
    />
  );
  if (revenue.isPending) return <Loader aria-label="Loading the platform’s billing" />;
  if (revenue.isError) {
    const forbidden = revenue.error instanceof ApiError && revenue.error.status === 403;
    return (
      <Stack>
        {header}
        <Alert color={forbidden ? 'yellow' : 'red'}>
          {forbidden
            ? 'Only platform operators (signed in to the platform community) see the platform’s billing.'
            : 'It could not be loaded.'}
        </Alert>
      </Stack>
    );
  }
  const r = revenue.data;
  const currencies = [...new Set(r.paidByMonth.map((m) => m.currency))];
  const paying = (r.subscriptions.active ?? 0) + (r.subscriptions.past_due ?? 0);
  return (
    <Stack>
      {header}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Monthly recurring revenue
          </Text>
          {r.mrr.length === 0 ? (
            <Text fw={700} size="xl" data-testid="figure-mrr">
              —
            </Text>
          ) : (
            r.mrr.map((m) => (
              <Text key={m.currency} fw={700} size="xl" data-testid={`figure-mrr-${m.currency}`}>
                {money(m.amountMinor, m.currency)}
              </Text>
            ))
          )}
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Paying subscriptions
          </Text>
          <Text fw={700} size="xl" data-testid="figure-paying">
            {paying}
          </Text>
          <Text size="sm">
            {Object.entries(r.subscriptions)
              .map(([status, n]) => `${STATUS_LABEL[status] ?? status}: ${n}`)
              .join(' · ')}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Churn, last 30 days
          </Text>
          <Text fw={700} size="xl" data-testid="figure-churn">
            {(r.churn.rate * 100).toFixed(1)}%
          </Text>
          <Text size="sm">{r.churn.cancelledLast30Days} cancelled</Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Add-on requests to decide
          </Text>
          <Text fw={700} size="xl" data-testid="figure-requests">
            {requests.data?.length ?? '…'}
          </Text>
        </Card>
      </SimpleGrid>

      {currencies.map((currency) => (
        <Stack key={currency} gap={4}>
          <Text size="sm" fw={600}>
            Paid invoices per month ({currency})
          </Text>
          {/* A chart's name on a figure around it: axe refuses aria-label on the chart's own div. */}
          <figure aria-label={`Paid invoices per month in ${currency}`} style={{ margin: 0 }}>
            <BarChart
              h={220}
              data={r.paidByMonth
                .filter((m) => m.currency === currency)
                .map((m) => ({ month: m.month, paid: major(m.totalMinor, currency) }))}
              dataKey="month"
              series={[{ name: 'paid', label: 'Paid', color: 'teal.6' }]}
              xAxisLabel="Month"
              yAxisLabel={`Paid (${currency})`}
              valueFormatter={(v) => currencyFormat(currency).format(v)}
              gridAxis="y"
              withTooltip
            />
          </figure>
        </Stack>
      ))}

      <Title order={2} size="h4">
        Add-on requests
      </Title>
      {decide.error && <Alert color="red">{decide.error instanceof ApiError ? decide.error.message : 'The decision was not saved'}</Alert>}
      {requests.data && requests.data.length === 0 && <Text c="dimmed">No request is waiting.</Text>}
      {requests.data && requests.data.length > 0 && (
        <Table.ScrollContainer minWidth={600}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Community</Table.Th>
                <Table.Th>Add-on</Table.Th>
                <Table.Th>Asked</Table.Th>
                <Table.Th>Note</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">Decision</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {requests.data.map((req) => (
                <Table.Tr key={req.id}>
                  <Table.Td>{req.community}</Table.Td>
                  <Table.Td>
                    {req.name} × {req.quantity}
                  </Table.Td>
                  <Table.Td>{date(req.createdAt)}</Table.Td>
                  <Table.Td>{req.note ?? ''}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        loading={decide.isPending && decide.variables?.request.id === req.id}
                        onClick={() => decide.mutate({ request: req, approve: true })}
                      >
                        Approve {req.name} for {req.community}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="default"
                        disabled={decide.isPending}
                        onClick={() => decide.mutate({ request: req, approve: false })}
                      >
                        Reject {req.name} for {req.community}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Title order={2} size="h4">
        Subscriptions
      </Title>
      {subscriptions.data ? (
        <Table.ScrollContainer minWidth={600}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Community</Table.Th>
                <Table.Th>Plan</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Price</Table.Th>
                <Table.Th>Period ends</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {subscriptions.data.map((s) => (
                <Table.Tr key={s.community}>
                  <Table.Td>{s.community}</Table.Td>
                  <Table.Td>{s.planCode}</Table.Td>
                  <Table.Td>
                    <StatusBadge value={s.status} label={STATUS_LABEL[s.status] ?? s.status} color={STATUS_COLOR[s.status]} />
                    {s.failedAttempts > 0 ? ` (${s.failedAttempts} failed)` : ''}
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>
                    {money(s.priceMinor, s.currency)} {PERIOD_LABEL[s.period]}
                  </Table.Td>
                  <Table.Td>{date(s.periodEnd)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Loader size="sm" aria-label="Loading the subscriptions" />
      )}
    </Stack>
  );
}
