import { Alert, Anchor, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatMoney } from '../../kit/money';

interface PublicPayment {
  id: string;
  status: string;
  amountMinor: number;
  currency: string;
  reference: string | null;
  paid: boolean;
}

const STATUS: Record<string, string> = {
  created: 'Awaiting payment',
  authorized: 'Authorized, not yet captured',
  captured: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
};

const REASONS: Record<string, string> = {
  invalid_signature: 'The gateway’s answer could not be verified, so nothing was recorded as paid.',
  amount_mismatch: 'The gateway reported another amount than the one due, so the payment was not applied.',
  gateway_timeout: 'The gateway did not answer in time. The payment will be checked again shortly.',
  gateway_unreachable: 'The gateway could not be reached. The payment will be checked again shortly.',
  failed: 'The gateway reported that the payment failed.',
  created: 'The payment was not completed.',
};

/** The verified outcome of a payment (the server checked the gateway's answer before redirecting here). */
export function PaymentOutcome({ expected }: { expected: 'success' | 'failed' }) {
  const [params] = useSearchParams();
  const community = params.get('community') ?? '';
  const id = params.get('transaction') ?? '';
  const reason = params.get('reason') ?? '';
  const title = expected === 'success' ? 'Payment received' : 'Payment not completed';
  useEffect(() => {
    document.title = `${title} · Atrium`;
  }, [title]);
  const payment = useQuery({
    queryKey: ['public-payment', community, id],
    enabled: Boolean(community && id),
    queryFn: async () => {
      const res = await fetch(`/public/${encodeURIComponent(community)}/payments/transactions/${encodeURIComponent(id)}`);
      if (!res.ok) throw new Error('not found');
      return ((await res.json()) as { data: PublicPayment }).data;
    },
  });
  return (
    <Stack maw={520} mx="auto" mt="xl" px="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      {payment.isPending && community && id ? (
        <Group>
          <Loader size="sm" />
          <Text>Checking the payment…</Text>
        </Group>
      ) : payment.data ? (
        <Card withBorder>
          <Stack gap={4}>
            <Text fw={600}>{formatMoney(payment.data.amountMinor, payment.data.currency)}</Text>
            {payment.data.reference && <Text size="sm">Reference: {payment.data.reference}</Text>}
            <Text size="sm">Status: {STATUS[payment.data.status] ?? 'Unknown'}</Text>
            <Text size="xs" c="dimmed">
              Payment {payment.data.id}
            </Text>
          </Stack>
        </Card>
      ) : (
        <Alert color="yellow">This payment could not be found.</Alert>
      )}
      {expected === 'failed' && <Alert color="red">{REASONS[reason] ?? 'The payment was not completed. You can try again.'}</Alert>}
      {expected === 'success' && payment.data && !payment.data.paid && (
        <Alert color="yellow">The gateway has not confirmed the payment yet; it will be checked again shortly.</Alert>
      )}
      <Anchor component={Link} to="/admin-panel/controlcenter/settings/payment-gateway">
        Payment settings
      </Anchor>
    </Stack>
  );
}
