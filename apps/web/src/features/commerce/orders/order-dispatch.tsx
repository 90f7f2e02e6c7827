import { Anchor, Autocomplete, Button, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { useAction } from '../../../kit/use-action';
import { dispatchOrder, listCarriers, type OrderDetail, undoDispatch } from './orders-api';

export const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;

const useOrderAction = (id: string) =>
  useAction([
    ['order', id],
    ['resource', 'commerce/orders'],
  ]);

/** Records a shipment: a carrier from the list (or any courier typed in), its tracking number, units per line. */
export function DispatchForm({ order }: { order: OrderDetail }) {
  const { busy, run } = useOrderAction(order.id);
  const carriers = useQuery({ queryKey: ['commerce', 'carriers'], queryFn: listCarriers, staleTime: 3_600_000 });
  const open = order.lines.filter((l) => l.quantity > l.quantityDispatched);
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [quantities, setQuantities] = useState<Record<string, number>>(() =>
    Object.fromEntries(open.map((l) => [l.id, l.quantity - l.quantityDispatched])),
  );
  const lines = open.map((l) => ({ orderLineId: l.id, quantity: quantities[l.id] ?? 0 })).filter((l) => l.quantity > 0);
  const listed = carriers.data?.some((c) => c.name.toLowerCase() === carrier.trim().toLowerCase());
  /** The server's refusal at its inputs: carrier, trackingNumber, or `line:<id>` (lines.N → the N-th line sent). */
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const record = async () => {
    setFieldErrors({});
    const sent = lines;
    try {
      await dispatchOrder(order.id, {
        carrier: carrier.trim(),
        ...(tracking.trim() ? { trackingNumber: tracking.trim() } : {}),
        lines: sent,
      });
    } catch (err) {
      const placed: Record<string, string> = {};
      for (const [field, message] of Object.entries(err instanceof ApiError ? (err.fields ?? {}) : {})) {
        const line = /^lines\.(\d+)/.exec(field);
        const key = line && sent[Number(line[1])] ? `line:${sent[Number(line[1])].orderLineId}` : field.split('.')[0];
        placed[key] = placed[key] ? `${placed[key]}; ${message}` : message;
      }
      setFieldErrors(placed);
      throw err;
    }
  };
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Dispatch
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Autocomplete
          label="Carrier"
          placeholder="Choose or type a courier"
          data={carriers.data?.map((c) => c.name) ?? []}
          value={carrier}
          onChange={setCarrier}
          error={fieldErrors.carrier}
          required
          description={carrier.trim() && !listed ? 'Not in the list: no tracking link' : undefined}
        />
        <TextInput
          label="Tracking number"
          value={tracking}
          error={fieldErrors.trackingNumber}
          onChange={(e) => setTracking(e.currentTarget.value)}
        />
      </SimpleGrid>
      {open.map((l) => (
        <NumberInput
          key={l.id}
          label={`${l.title}${l.variationTitle ? ` (${l.variationTitle})` : ''}: units to ship`}
          min={0}
          max={l.quantity - l.quantityDispatched}
          value={quantities[l.id]}
          error={fieldErrors[`line:${l.id}`]}
          onChange={(v) => setQuantities((q) => ({ ...q, [l.id]: Number(v) || 0 }))}
        />
      ))}
      <Group>
        <Button
          loading={busy === 'dispatch'}
          disabled={!carrier.trim() || lines.length === 0}
          onClick={() => run('dispatch', record, 'Dispatch recorded')}
        >
          Record dispatch
        </Button>
      </Group>
    </Stack>
  );
}

/** The order's shipments: carrier, tracking link, units, status; one not yet delivered can be undone. */
export function Dispatches({ order }: { order: OrderDetail }) {
  const { busy, run } = useOrderAction(order.id);
  if (order.dispatches.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Dispatches
      </Title>
      {order.dispatches.map((d) => (
        <Group key={d.id} justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">
            {d.carrier}
            {d.trackingNumber ? ` · ${d.trackingNumber}` : ''} · {units(d.lines.reduce((n, l) => n + l.quantity, 0))} ·{' '}
            {d.status === 'delivered' ? 'Delivered' : 'On its way'}
            {d.trackingUrl && (
              <>
                {' · '}
                <Anchor href={d.trackingUrl} target="_blank" rel="noreferrer" size="sm">
                  Track parcel
                </Anchor>
              </>
            )}
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
  );
}
