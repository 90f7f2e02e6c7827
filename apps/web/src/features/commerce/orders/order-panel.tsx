import { Alert, Anchor, Badge, Button, Card, Grid, Group, Loader, Menu, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconFileInvoice, IconPackage } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import type { ResourceMeta } from '../../../api/get-resources-meta';
import { RECORD_LINKS } from '../../../config/screens';
import { ActionButtons } from '../../../kit/action-buttons';
import type { ListView } from '../../../kit/list-view';
import { formatMoney } from '../../../kit/money';
import { optionLabel, outputFields } from '../../../kit/schema';
import { StatusBadge, statusColor } from '../../../kit/status-badge';
import { TableHead } from '../../../kit/table-head';
import { useAction } from '../../../kit/use-action';
import { Dispatches, DispatchForm, units } from './order-dispatch';
import { downloadOrderPdf } from './order-documents';
import { RefundDialog } from './order-refund';
import { type OrderDetail, type OrderEventName, type OrderPayment, orderDetail, type PostalAddress, transitionOrder } from './orders-api';

/** The actions an order's state allows (the server's state machine refuses anything else with a 409). Refunds have their own dialog. */
const ACTIONS: { event: OrderEventName; label: string; from: string[] }[] = [
  { event: 'pay', label: 'Mark as paid', from: ['pending_payment'] },
  { event: 'process', label: 'Start processing', from: ['paid'] },
  { event: 'deliver', label: 'Mark as delivered', from: ['dispatched'] },
];
const CANCELLABLE = ['pending_payment', 'paid', 'processing'];
const REFUNDABLE = ['paid', 'processing', 'partially_dispatched', 'dispatched', 'delivered'];
const DISPATCHABLE = ['paid', 'processing', 'partially_dispatched'];

const PAYMENT_WORDS: Record<string, string> = {
  created: 'Awaiting payment',
  authorized: 'Authorized',
  captured: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
};

const regions = new Intl.DisplayNames(undefined, { type: 'region' });
const country = (code: string) => {
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
};

function Address({ address }: { address: PostalAddress }) {
  return (
    <Text size="sm" component="address" style={{ fontStyle: 'normal' }}>
      {address.name}
      <br />
      {address.line1}
      {address.line2 && (
        <>
          <br />
          {address.line2}
        </>
      )}
      <br />
      {[address.city, address.state, address.postalCode].filter(Boolean).join(', ')}
      <br />
      {country(address.country)}
      {address.phone && (
        <>
          <br />
          <Anchor href={`tel:${address.phone}`} size="sm">
            {address.phone}
          </Anchor>
        </>
      )}
    </Text>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="sm" radius="md" component="section" aria-label={title}>
      <Title order={3} size="h6" mb={6}>
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** The order's lines: a table on wide screens, a list on phones (nothing scrolls sideways). */
function Lines({ order, money }: { order: OrderDetail; money: (n: number) => string }) {
  const wide = useMediaQuery('(min-width: 36em)', true);
  const variant = (l: OrderDetail['lines'][number]) => [l.variationTitle, l.sku].filter(Boolean).join(' · ');
  if (!wide) {
    return (
      <Stack gap="xs" aria-label="Order lines" role="list">
        {order.lines.map((l) => (
          <Group key={l.id} justify="space-between" wrap="nowrap" align="flex-start" role="listitem">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={500}>
                {l.title}
              </Text>
              <Text size="xs" c="dimmed">
                {variant(l)}
              </Text>
              <Text size="xs" c="dimmed">
                {l.quantity} × {money(l.unitPrice)} · shipped {l.quantityDispatched}
                {l.quantityRefunded ? ` · refunded ${l.quantityRefunded}` : ''}
              </Text>
            </div>
            <Text size="sm">{money(l.total)}</Text>
          </Group>
        ))}
      </Stack>
    );
  }
  const refunds = order.lines.some((l) => l.quantityRefunded > 0);
  return (
    <Table aria-label="Order lines" layout="fixed">
      <TableHead columns={['Item', 'Price', 'Qty', 'Shipped', ...(refunds ? ['Refunded'] : []), 'Total']} />
      <Table.Tbody>
        {order.lines.map((l) => (
          <Table.Tr key={l.id}>
            <Table.Td w="40%">
              <Text size="sm">{l.title}</Text>
              <Text size="xs" c="dimmed">
                {variant(l)}
              </Text>
            </Table.Td>
            <Table.Td>{money(l.unitPrice)}</Table.Td>
            <Table.Td>{l.quantity}</Table.Td>
            <Table.Td>{l.quantityDispatched}</Table.Td>
            {refunds && <Table.Td>{l.quantityRefunded}</Table.Td>}
            <Table.Td>{money(l.total)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Totals({ order, money }: { order: OrderDetail; money: (n: number) => string }) {
  const row = (label: string, value: string, strong = false) => (
    <Group justify="space-between" key={label}>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Stack gap={2} maw={360} ml="auto" w="100%">
      {row('Subtotal', money(order.subtotal))}
      {order.discount > 0 && row(`Discount${order.couponCode ? ` (${order.couponCode})` : ''}`, `−${money(order.discount)}`)}
      {row('Shipping', money(order.shipping))}
      {row(order.pricesIncludeTax ? 'Tax (included)' : 'Tax', money(order.tax))}
      {row('Total', money(order.total), true)}
      {order.refunded > 0 && row('Refunded', `−${money(order.refunded)}`)}
      {order.refunded > 0 && row('Net', money(order.total - order.refunded), true)}
    </Stack>
  );
}

function Payments({ order, money }: { order: OrderDetail; money: (n: number) => string }) {
  if (order.payments.length === 0) return <Text size="sm">No payment yet.</Text>;
  const ledger = (p: OrderPayment) => RECORD_LINKS['payments/transactions']?.href(p.id);
  return (
    <Stack gap="xs">
      {order.payments.map((p) => (
        <Stack key={p.id} gap={2}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={500}>
              {p.gateway}
              {p.mode === 'test' ? ' (test)' : ''}
            </Text>
            <StatusBadge value={p.status === 'captured' ? 'paid' : p.status} label={PAYMENT_WORDS[p.status] ?? p.status} />
          </Group>
          <Text size="xs" c="dimmed">
            {money(p.amountMinor)}
            {p.refundedMinor > 0 ? ` · ${money(p.refundedMinor)} refunded` : ''} · {new Date(p.createdAt).toLocaleString()}
          </Text>
          {p.gatewayPaymentId && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Transaction {p.gatewayPaymentId}
            </Text>
          )}
          {ledger(p) && (
            <Anchor component={Link} to={ledger(p)!} size="xs">
              Open in the payments ledger
            </Anchor>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

/** The timeline, newest first, with who did it; a refund's reason is in its message. */
function OrderTimeline({ order }: { order: OrderDetail }) {
  const events = [...order.timeline].reverse();
  return (
    <Timeline bulletSize={12} lineWidth={2} active={0}>
      {events.map((e) => (
        <Timeline.Item key={e.id} title={<Text size="sm">{e.message}</Text>}>
          <Text size="xs" c="dimmed">
            {new Date(e.createdAt).toLocaleString()}
            {e.actorName ? ` · ${e.actorName}` : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/**
 * An order's page (in the orders screen's drawer): status and actions, lines and totals, dispatches,
 * the timeline; beside them the customer, addresses, notes and payments. On a phone the two columns
 * stack and the lines become a list.
 */
export function OrderPanel({ id, meta }: { id: string; meta?: ResourceMeta }) {
  const query = useQuery({ queryKey: ['order', id], queryFn: () => orderDetail(id) });
  const { busy, run } = useAction([
    ['order', id],
    ['resource', 'commerce/orders'],
  ]);
  const [refunding, setRefunding] = useState(false);
  if (query.isPending) return <Loader aria-label="Loading the order" />;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {query.error instanceof ApiError ? query.error.message : 'The order could not be loaded.'}
      </Alert>
    );
  const order = query.data;
  const money = (n: number) => formatMoney(n, order.currency);
  // The same words as the list's status tabs (the resource declares them).
  const statusField = meta ? outputFields(meta).find((f) => f.key === 'status') : undefined;
  const status = statusField
    ? optionLabel(statusField, order.status)
    : order.status.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
  const declaredColor = statusField?.optionLabels?.[order.status]?.color;
  const actions = ACTIONS.filter((a) => a.from.includes(order.status));
  const download = (kind: 'invoice' | 'packing-slip', name: string) =>
    downloadOrderPdf(order.id, kind, `${name} ${order.reference}.pdf`).catch((err) =>
      notifications.show({ color: 'red', title: 'Not downloaded', message: err instanceof ApiError ? err.message : 'Try again' }),
    );

  return (
    <Stack>
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Badge size="lg" variant="light" tt="none" color={statusColor(order.status, declaredColor)} aria-label={`Status: ${status}`}>
            {status}
          </Badge>
          {order.refunded > 0 && (
            <Badge variant="light" color="red" tt="none">
              {order.refunded >= order.total ? 'Refunded' : `Refunded ${money(order.refunded)}`}
            </Badge>
          )}
          <Text size="sm" c="dimmed">
            Placed {new Date(order.createdAt).toLocaleString()}
          </Text>
        </Group>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button variant="default" size="xs" rightSection={<IconChevronDown size={14} aria-hidden />}>
              Print
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconFileInvoice size={16} aria-hidden />} onClick={() => download('invoice', 'Invoice')}>
              Invoice (PDF)
            </Menu.Item>
            <Menu.Item leftSection={<IconPackage size={16} aria-hidden />} onClick={() => download('packing-slip', 'Packing slip')}>
              Packing slip (PDF)
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {(actions.length > 0 || REFUNDABLE.includes(order.status)) && (
        <Group gap="xs">
          {actions.length > 0 && (
            <ActionButtons
              gap="xs"
              busy={busy}
              actions={actions.map((a) => ({
                name: a.event,
                label: a.label,
                onClick: () => run(a.event, () => transitionOrder(order.id, a.event), `${a.label}: done`),
              }))}
            />
          )}
          {REFUNDABLE.includes(order.status) && order.payments.some((p) => ['captured', 'partially_refunded'].includes(p.status)) && (
            <Button variant="default" onClick={() => setRefunding(true)}>
              Refund
            </Button>
          )}
        </Group>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Stack>
            <Section title={`Items (${units(order.lines.reduce((n, l) => n + l.quantity, 0))})`}>
              <Stack>
                <Lines order={order} money={money} />
                <Totals order={order} money={money} />
              </Stack>
            </Section>
            <Dispatches order={order} />
            {DISPATCHABLE.includes(order.status) && (
              <DispatchForm key={order.lines.map((l) => l.quantityDispatched).join()} order={order} />
            )}
            <Stack gap="xs">
              <Title order={3} size="h5">
                Timeline
              </Title>
              <OrderTimeline order={order} />
            </Stack>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Stack>
            <Section title="Customer">
              <Text size="sm">{order.customerName}</Text>
              <Anchor href={`mailto:${order.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {order.email}
              </Anchor>
              {order.phone && (
                <Text size="sm">
                  <Anchor href={`tel:${order.phone}`} size="sm">
                    {order.phone}
                  </Anchor>
                </Text>
              )}
              {!order.customerId && (
                <Text size="xs" c="dimmed">
                  Guest checkout
                </Text>
              )}
            </Section>
            <Section title="Shipping address">
              <Address address={order.shippingAddress} />
            </Section>
            <Section title="Billing address">
              {order.billingAddress ? <Address address={order.billingAddress} /> : <Text size="sm">Same as shipping address</Text>}
            </Section>
            {order.notes && (
              <Section title="Notes">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {order.notes}
                </Text>
              </Section>
            )}
            <Section title="Payment">
              <Payments order={order} money={money} />
            </Section>
            {CANCELLABLE.includes(order.status) && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                loading={busy === 'cancel'}
                onClick={() => run('cancel', () => transitionOrder(order.id, 'cancel'), 'Order cancelled')}
              >
                Cancel order
              </Button>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <RefundDialog order={order} opened={refunding} onClose={() => setRefunding(false)} />
    </Stack>
  );
}

/** Orders: the kit's list with status tabs; an order opens as its panel (customer, addresses, payment, lines, refunds, dispatch, timeline). */
export default { record: ({ row, meta }) => <OrderPanel id={row.id} meta={meta} /> } satisfies ListView;
