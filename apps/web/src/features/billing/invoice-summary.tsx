import { Group, Stack, Table, Text } from '@mantine/core';
import { StatusBadge } from '../../kit/status-badge';
import { date, type Invoice, money, STATUS_COLOR, STATUS_LABEL } from './billing-api';

/** An invoice as it reads: parties, lines, tax (or the reverse-charge note) and totals. */
export function InvoiceSummary({ invoice }: { invoice: Invoice }) {
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600}>Invoice {invoice.number ?? '(draft)'}</Text>
        <StatusBadge value={invoice.status} label={STATUS_LABEL[invoice.status] ?? invoice.status} color={STATUS_COLOR[invoice.status]} />
      </Group>
      <Text size="sm">
        Issued {date(invoice.issuedAt)} · due {date(invoice.dueAt)}
        {invoice.paidAt ? ` · paid ${date(invoice.paidAt)}` : ''}
      </Text>
      <Group align="flex-start" grow>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            From
          </Text>
          <Text size="sm">{invoice.seller.name}</Text>
          {invoice.seller.taxId && <Text size="xs">Tax id {invoice.seller.taxId}</Text>}
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Billed to
          </Text>
          <Text size="sm">{invoice.buyer.name}</Text>
          {invoice.buyer.taxId && <Text size="xs">Tax id {invoice.buyer.taxId}</Text>}
        </Stack>
      </Group>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Description</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.lines.map((line) => (
            <Table.Tr key={`${line.description}:${line.amountMinor}`}>
              <Table.Td>{line.description}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{money(line.amountMinor, invoice.currency)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td>Subtotal</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{money(invoice.subtotalMinor, invoice.currency)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>
              {invoice.reverseCharge
                ? `${invoice.taxName ?? 'Tax'}: reverse charge (accounted for by the recipient)`
                : invoice.taxName
                  ? `${invoice.taxName} ${invoice.taxRatePpm / 10_000}%`
                  : 'Tax'}
            </Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{money(invoice.taxMinor, invoice.currency)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td fw={700}>Total</Table.Td>
            <Table.Td fw={700} style={{ textAlign: 'right' }}>
              {money(invoice.totalMinor, invoice.currency)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
