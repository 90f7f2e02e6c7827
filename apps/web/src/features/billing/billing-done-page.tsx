import { Alert, Button, Card, Group, Loader, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../kit/page-header';
import { openInvoicePdf, useInvoice } from './billing-api';
import { InvoiceSummary } from './invoice-summary';

/** billing/done: the verified result — the invoice as the server has it (paid once the gateway's payment was checked). */
export default function BillingDonePage() {
  const [params] = useSearchParams();
  const id = params.get('invoice') ?? '';
  const invoice = useInvoice(id, true);
  const early = (body: React.ReactNode) => (
    <Stack maw={720}>
      <PageHeader title="Payment result" />
      {body}
    </Stack>
  );
  if (!id)
    return early(
      <>
        <Alert color="yellow">No payment to show. Your invoices are in Billing.</Alert>
        <Button component={Link} to="/admin-panel/billing" variant="default" w="fit-content">
          Go to billing
        </Button>
      </>,
    );
  if (invoice.isPending) return early(<Loader aria-label="Checking the payment" />);
  if (invoice.isError) return early(<Alert color="red">This invoice could not be found.</Alert>);
  const paid = invoice.data.status === 'paid';
  return (
    <Stack maw={720}>
      <PageHeader title={paid ? 'Payment received' : 'Payment pending'} />
      <Alert color={paid ? 'green' : 'yellow'}>
        {paid
          ? 'Thank you: the payment is verified and your invoice is paid.'
          : 'The payment has not been confirmed yet; this page updates by itself.'}
      </Alert>
      <Card withBorder>
        <InvoiceSummary invoice={invoice.data} />
      </Card>
      <Group>
        <Button onClick={() => void openInvoicePdf(id)}>Invoice PDF</Button>
        <Button component={Link} to="/admin-panel/billing" variant="default">
          Back to billing
        </Button>
      </Group>
    </Stack>
  );
}
