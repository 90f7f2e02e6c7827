import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { PageHeader } from '../../kit/page-header';
import { money, payInvoice, useInvoice } from './billing-api';
import { InvoiceSummary } from './invoice-summary';

/**
 * The payment step inside the console (BillingIframe): the invoice to pay, then the platform's hosted
 * pay page (its gateway's checkout, which refuses to be framed) in a window of its own; this screen
 * watches the invoice and moves on to billing/done once the payment is verified on the server.
 */
export default function BillingIframePage() {
  const [params] = useSearchParams();
  const id = params.get('invoice') ?? '';
  const navigate = useNavigate();
  const invoice = useInvoice(id, true);
  const pay = useMutation({
    mutationFn: () => payInvoice(id),
    onSuccess: (started) => {
      window.open(started.payUrl, 'atrium-payment', 'popup,width=520,height=720');
    },
  });
  useEffect(() => {
    if (invoice.data?.status === 'paid') navigate(`/admin-panel/billing/done?invoice=${encodeURIComponent(id)}`, { replace: true });
  }, [invoice.data?.status, id, navigate]);

  const early = (body: React.ReactNode) => (
    <Stack maw={720}>
      <PageHeader title="Pay your invoice" />
      {body}
    </Stack>
  );
  if (!id)
    return early(
      <>
        <Alert color="yellow">Choose an invoice to pay from Billing.</Alert>
        <Button component={Link} to="/admin-panel/billing" variant="default" w="fit-content">
          Go to billing
        </Button>
      </>,
    );
  if (invoice.isPending) return early(<Loader aria-label="Loading the invoice" />);
  if (invoice.isError) return early(<Alert color="red">This invoice could not be found.</Alert>);
  const data = invoice.data;
  return (
    <Stack maw={720}>
      <PageHeader title="Pay your invoice" description={`Invoice ${data.number ?? ''}: ${money(data.totalMinor, data.currency)}`} />
      <Card withBorder>
        <InvoiceSummary invoice={data} />
      </Card>
      {pay.error && <Alert color="red">{pay.error instanceof ApiError ? pay.error.message : 'The payment could not be started'}</Alert>}
      {data.status === 'open' ? (
        <Stack>
          <Group>
            <Button onClick={() => pay.mutate()} loading={pay.isPending}>
              Pay {money(data.totalMinor, data.currency)}
            </Button>
            <Button variant="default" onClick={() => navigate('/admin-panel/billing')}>
              Back to billing
            </Button>
          </Group>
          {pay.data && (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm">Waiting for the payment in the gateway’s window… this page moves on by itself once it is verified.</Text>
            </Group>
          )}
        </Stack>
      ) : (
        <Alert color="gray">This invoice is {data.status}: there is nothing to pay.</Alert>
      )}
    </Stack>
  );
}
