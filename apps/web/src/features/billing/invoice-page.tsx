import { Alert, Button, Card, Group, Loader, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../kit/page-header';
import { openInvoicePdf, useInvoice, useInvoices } from './billing-api';
import { InvoiceSummary } from './invoice-summary';
import { InvoiceTable } from './invoice-table';

/** /invoice: one invoice (?record=<id>) with its PDF rendered on the server, or the list of invoices. */
export default function InvoicePage() {
  const [params] = useSearchParams();
  const id = params.get('record') ?? '';
  const one = useInvoice(id);
  const all = useInvoices();
  if (!id) {
    return (
      <Stack>
        <PageHeader title="Invoices" description="Every invoice of your subscription and add-ons." />
        {all.data ? (
          <InvoiceTable invoices={all.data} />
        ) : all.isError ? (
          <Alert color="red">The invoices could not be loaded.</Alert>
        ) : (
          <Loader aria-label="Loading the invoices" />
        )}
      </Stack>
    );
  }
  if (one.isPending) return <Loader aria-label="Loading the invoice" />;
  if (one.isError) return <Alert color="red">This invoice could not be found.</Alert>;
  return (
    <Stack maw={760}>
      <PageHeader
        title={`Invoice ${one.data.number ?? ''}`}
        actions={
          <Group>
            <Button onClick={() => void openInvoicePdf(id)}>Download PDF</Button>
            <Button component={Link} to="/invoice" variant="default">
              All invoices
            </Button>
          </Group>
        }
      />
      <Card withBorder>
        <InvoiceSummary invoice={one.data} />
      </Card>
    </Stack>
  );
}
