import { Button, Group, Table, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { recordHref } from '../../config/screen-types';
import { StatusBadge } from '../../kit/status-badge';
import { date, type Invoice, money, openInvoicePdf, STATUS_COLOR, STATUS_LABEL } from './billing-api';

const PURPOSE: Record<string, string> = { subscription: 'Subscription', renewal: 'Renewal', upgrade: 'Plan change', addon: 'Add-on' };

/** Invoices with their PDF, and Pay for an open one (the payment step). */
export function InvoiceTable({ invoices }: { invoices: Invoice[] }) {
  const navigate = useNavigate();
  if (invoices.length === 0) return <Text c="dimmed">No invoices yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Issued</Table.Th>
            <Table.Th>For</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Total</Table.Th>
            <Table.Th>
              <span className="visually-hidden">Actions</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((invoice) => (
            <Table.Tr key={invoice.id}>
              <Table.Td>
                <Button variant="subtle" size="compact-sm" onClick={() => navigate(recordHref('/invoice')(invoice.id))}>
                  {invoice.number ?? 'Draft'}
                </Button>
              </Table.Td>
              <Table.Td>{date(invoice.issuedAt)}</Table.Td>
              <Table.Td>{PURPOSE[invoice.purpose] ?? 'Invoice'}</Table.Td>
              <Table.Td>
                <StatusBadge
                  value={invoice.status}
                  label={STATUS_LABEL[invoice.status] ?? invoice.status}
                  color={STATUS_COLOR[invoice.status]}
                />
              </Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{money(invoice.totalMinor, invoice.currency)}</Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  {invoice.status === 'open' && (
                    <Button size="compact-sm" onClick={() => navigate(`/admin-panel/BillingIframe?invoice=${invoice.id}`)}>
                      Pay {invoice.number}
                    </Button>
                  )}
                  <Button size="compact-sm" variant="default" onClick={() => void openInvoicePdf(invoice.id)}>
                    PDF of {invoice.number ?? 'the draft'}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
