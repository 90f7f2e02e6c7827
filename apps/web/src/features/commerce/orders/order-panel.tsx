import { Alert, Badge, Button, Group, Loader, NumberInput, Stack, Table, Text, TextInput, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { ActionButtons } from '../../../kit/action-buttons';
import { formatMoney } from '../../../kit/money';
import { TableHead } from '../../../kit/table-head';
import { useAction } from '../../../kit/use-action';
import { dispatchOrder, type OrderDetail, type OrderEventName, orderDetail, transitionOrder, undoDispatch } from './orders-api';

/** The actions an order's state allows (the server's state machine refuses anything else with a 409). */
const ACTIONS: { event: OrderEventName; label: string; from: string[]; color?: string }[] = [
  { event: 'pay', label: 'Mark as paid', from: ['pending_payment'] },
  { event: 'process', label: 'Start processing', from: ['paid'] },
  { event: 'deliver', label: 'Mark as delivered', from: ['dispatched'] },
  { event: 'cancel', label: 'Cancel order', from: ['pending_payment', 'paid', 'processing'], color: 'red' },
  {
    event: 'refund',
    label: 'Refund in full',
    from: ['paid', 'processing', 'partially_dispatched', 'dispatched', 'delivered'],
    color: 'red',
  },
];
const DISPATCHABLE = ['paid', 'processing', 'partially_dispatched'];

const humanStatus = (status: string) => status.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** An order's actions refresh the order and the orders list. */
const useOrderAction = (id: string) =>
  useAction([
    ['order', id],
    ['resource', 'commerce/orders'],
  ]);

function DispatchForm({ order }: { order: OrderDetail }) {
  const { busy, run } = useOrderAction(order.id);
  const open = order.lines.filter((l) => l.quantity > l.quantityDispatched);
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [quantities, setQuantities] = useState<Record<string, number>>(() =>
    Object.fromEntries(open.map((l) => [l.id, l.quantity - l.quantityDispatched])),
  );
  const lines = open.map((l) => ({ orderLineId: l.id, quantity: quantities[l.id] ?? 0 })).filter((l) => l.quantity > 0);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Dispatch
      </Title>
      <Group grow>
        <TextInput label="Carrier" value={carrier} onChange={(e) => setCarrier(e.currentTarget.value)} required />
        <TextInput label="Tracking number" value={tracking} onChange={(e) => setTracking(e.currentTarget.value)} />
      </Group>
      {open.map((l) => (
        <NumberInput
          key={l.id}
          label={`${l.title}${l.variationTitle ? ` (${l.variationTitle})` : ''}: units to ship`}
          min={0}
          max={l.quantity - l.quantityDispatched}
          value={quantities[l.id]}
          onChange={(v) => setQuantities((q) => ({ ...q, [l.id]: Number(v) || 0 }))}
        />
      ))}
      <Group>
        <Button
          loading={busy === 'dispatch'}
          disabled={!carrier.trim() || lines.length === 0}
          onClick={() =>
            run(
              'dispatch',
              () =>
                dispatchOrder(order.id, {
                  carrier: carrier.trim(),
                  ...(tracking.trim() ? { trackingNumber: tracking.trim() } : {}),
                  lines,
                }),
              'Dispatch recorded',
            )
          }
        >
          Record dispatch
        </Button>
      </Group>
    </Stack>
  );
}

/** An order's page: status and actions, lines and totals, dispatches (with undo) and its timeline. */
export function OrderPanel({ id }: { id: string }) {
  const query = useQuery({ queryKey: ['order', id], queryFn: () => orderDetail(id) });
  const { busy, run } = useOrderAction(id);
  if (query.isPending) return <Loader aria-label="Loading the order" />;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {query.error instanceof ApiError ? query.error.message : 'The order could not be loaded.'}
      </Alert>
    );
  const order = query.data;
  const money = (n: number) => formatMoney(n, order.currency);
  const actions = ACTIONS.filter((a) => a.from.includes(order.status));
  return (
    <Stack>
      <Group justify="space-between">
        <Text>
          {order.customerName} · {order.email}
        </Text>
        <Badge size="lg" variant="light" aria-label={`Status: ${humanStatus(order.status)}`}>
          {humanStatus(order.status)}
        </Badge>
      </Group>
      {actions.length > 0 && (
        <ActionButtons
          gap="xs"
          busy={busy}
          actions={actions.map((a) => ({
            name: a.event,
            label: a.label,
            color: a.color,
            onClick: () => run(a.event, () => transitionOrder(order.id, a.event), `${a.label}: done`),
          }))}
        />
      )}
      <Table aria-label="Order lines">
        <TableHead columns={['Item', 'Qty', 'Shipped', 'Price', 'Total']} />
        <Table.Tbody>
          {order.lines.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>
                {l.title}
                {l.variationTitle ? ` (${l.variationTitle})` : ''}{' '}
                <Text span c="dimmed" size="xs">
                  {l.sku}
                </Text>
              </Table.Td>
              <Table.Td>{l.quantity}</Table.Td>
              <Table.Td>{l.quantityDispatched}</Table.Td>
              <Table.Td>{money(l.unitPrice)}</Table.Td>
              <Table.Td>{money(l.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={2} align="flex-end">
        <Text size="sm">Subtotal {money(order.subtotal)}</Text>
        {order.discount > 0 && (
          <Text size="sm">
            Discount{order.couponCode ? ` (${order.couponCode})` : ''} −{money(order.discount)}
          </Text>
        )}
        <Text size="sm">Shipping {money(order.shipping)}</Text>
        <Text size="sm">Tax {money(order.tax)}</Text>
        <Text fw={700}>Total {money(order.total)}</Text>
        {order.refunded > 0 && <Text size="sm">Refunded {money(order.refunded)}</Text>}
      </Stack>
      {order.dispatches.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            Dispatches
          </Title>
          {order.dispatches.map((d) => (
            <Group key={d.id} justify="space-between">
              <Text size="sm">
                {d.carrier}
                {d.trackingNumber ? ` · ${d.trackingNumber}` : ''} · {d.lines.reduce((n, l) => n + l.quantity, 0)} units ·{' '}
                {humanStatus(d.status)}
              </Text>
              {d.status === 'dispatched' && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  loading={busy === d.id}
                  onClick={() => run(d.id, () => undoDispatch(d.id), 'Dispatch undone')}
                >
                  Undo dispatch
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {DISPATCHABLE.includes(order.status) && <DispatchForm key={order.lines.map((l) => l.quantityDispatched).join()} order={order} />}
      <Stack gap="xs">
        <Title order={3} size="h5">
          Timeline
        </Title>
        <Timeline bulletSize={12} lineWidth={2} active={order.timeline.length}>
          {order.timeline.map((e) => (
            <Timeline.Item key={e.id} title={e.message}>
              <Text size="xs" c="dimmed">
                {new Date(e.createdAt).toLocaleString()}
                {e.actorName ? ` · ${e.actorName}` : ''}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Stack>
  );
}
