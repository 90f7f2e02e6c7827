import { Alert, Button, Card, Loader, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { useMe } from '../../api/get-me';
import { PageHeader } from '../../kit/page-header';
import { StatusBadge } from '../../kit/status-badge';
import { getToken } from '../../lib/session';
import {
  cancelSubscription,
  changePlan,
  date,
  money,
  PERIOD_LABEL,
  quotaAmount,
  STATUS_COLOR,
  STATUS_LABEL,
  useInvoices,
  useOverview,
  usePricing,
} from './billing-api';
import { InvoiceTable } from './invoice-table';
import { PLATFORM_BILLING_PATH } from './paths';
import { PlanCards } from './plan-cards';

/** Billing: the plan and its period, usage of every quota, the invoices, the payment method, and plan changes. */
export default function BillingPage() {
  const overview = useOverview();
  const invoices = useInvoices();
  const pricing = usePricing();
  const me = useMe(getToken());
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: ({ code, period }: { code: string; period: 'monthly' | 'quarterly' | 'yearly' }) => changePlan(code, period),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: ['billing'] });
      if (result.kind === 'upgrade' && result.invoice && result.invoice.status === 'open') {
        navigate(`/admin-panel/BillingIframe?invoice=${result.invoice.id}`);
      } else if (result.kind === 'downgrade') {
        setNotice(`The change takes effect at the end of the period, on ${date(result.effectiveAt ?? null)}. Nothing is charged now.`);
      } else setNotice('Your plan is up to date.');
    },
  });
  const cancel = useMutation({
    mutationFn: (value: boolean) => cancelSubscription(value),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['billing'] }),
  });

  if (overview.isPending) return <Loader aria-label="Loading billing" />;
  if (overview.isError) return <Alert color="red">Billing could not be loaded.</Alert>;
  const { subscription: sub, plan, pendingPlan, usage, account } = overview.data;
  return (
    <Stack>
      <PageHeader
        title="Billing"
        description="Your plan, what you use of it, invoices and payment."
        actions={
          // Platform operators (community -) also see every community's billing.
          me.data?.community.name === '-' && (
            <Button component={Link} to={PLATFORM_BILLING_PATH} variant="default">
              Platform billing
            </Button>
          )
        }
      />
      {notice && (
        <Alert color="blue" withCloseButton onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {change.error && (
        <Alert color="red">{change.error instanceof ApiError ? change.error.message : 'The plan could not be changed'}</Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Card withBorder>
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              Plan
            </Text>
            <Title order={2} size="h3">
              {plan?.name ?? sub.planCode}{' '}
              <StatusBadge value={sub.status} label={STATUS_LABEL[sub.status] ?? sub.status} color={STATUS_COLOR[sub.status]} />
            </Title>
            <Text>
              {money(sub.priceMinor, sub.currency)} {PERIOD_LABEL[sub.period]}
            </Text>
            <Text size="sm">
              {sub.status === 'trial' ? 'Trial ends' : sub.cancelAtPeriodEnd ? 'Ends' : 'Renews'} on {date(sub.periodEnd)}
            </Text>
            {pendingPlan && (
              <Text size="sm">
                Changes to {pendingPlan.name} on {date(sub.periodEnd)}
              </Text>
            )}
            {sub.status !== 'cancelled' && sub.status !== 'trial' && (
              <Button variant="subtle" size="compact-sm" w="fit-content" onClick={() => cancel.mutate(!sub.cancelAtPeriodEnd)}>
                {sub.cancelAtPeriodEnd ? 'Keep my subscription' : 'Cancel at the end of the period'}
              </Button>
            )}
          </Stack>
        </Card>
        <Card withBorder>
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              Payment method
            </Text>
            <Text>Each invoice is paid online through the platform’s payment gateway (cards, UPI, net banking).</Text>
            <Text size="sm">Renewals are invoiced at the end of each period; an unpaid renewal is tried again daily for three days.</Text>
          </Stack>
        </Card>
        <Card withBorder>
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              Billed to
            </Text>
            <Text>{account.legalName}</Text>
            <Text size="sm">
              {account.email} · {account.country}
              {account.taxId ? ` · Tax id ${account.taxId}` : ''}
            </Text>
          </Stack>
        </Card>
      </SimpleGrid>

      <Title order={2} size="h4">
        Usage
      </Title>
      <Table.ScrollContainer minWidth={500}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Limit</Table.Th>
              <Table.Th>Used</Table.Th>
              <Table.Th>Allowed</Table.Th>
              <Table.Th style={{ width: '35%' }}>
                <span className="visually-hidden">Share used</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {usage.map((q) => {
              const share = q.limit ? Math.min(100, (q.used / q.limit) * 100) : 0;
              return (
                <Table.Tr key={q.key}>
                  <Table.Td>{q.label.charAt(0).toUpperCase() + q.label.slice(1)}</Table.Td>
                  <Table.Td>{quotaAmount(q.key, q.used)}</Table.Td>
                  <Table.Td>
                    {quotaAmount(q.key, q.limit)}
                    {q.addonUnits > 0 ? ` (add-ons: ${quotaAmount(q.key, q.addonUnits)})` : ''}
                  </Table.Td>
                  <Table.Td>
                    {q.limit !== null && (
                      <Progress
                        value={share}
                        color={share >= 100 ? 'red' : share > 80 ? 'yellow' : 'blue'}
                        aria-label={`${q.label}: ${Math.round(share)}% used`}
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Title order={2} size="h4">
        Invoices
      </Title>
      {invoices.data ? <InvoiceTable invoices={invoices.data} /> : <Loader size="sm" aria-label="Loading the invoices" />}

      <Title order={2} size="h4">
        Change plan
      </Title>
      <Text size="sm" c="dimmed">
        An upgrade applies as soon as its invoice is paid, charged for the rest of the period less what is left of your current plan. A
        downgrade applies at the end of the period.
      </Text>
      {pricing.data && (
        <PlanCards
          plans={pricing.data.plans}
          currentCode={sub.status === 'trial' ? undefined : sub.planCode}
          action={(p, option) => (
            <Button
              fullWidth
              variant={p.code === sub.planCode && sub.status !== 'trial' ? 'default' : 'filled'}
              disabled={p.code === sub.planCode && option.period === sub.period && sub.status !== 'trial' && !pendingPlan}
              loading={change.isPending && change.variables?.code === p.code}
              onClick={() => change.mutate({ code: p.code, period: option.period })}
            >
              Choose {p.name}
            </Button>
          )}
        />
      )}
    </Stack>
  );
}
