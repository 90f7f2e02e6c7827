import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { currencyDigits, formatMoney } from '../../../kit/money';
import { useAction } from '../../../kit/use-action';
import { type OrderDetail, refundOrder } from './orders-api';

const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;

/** A line's share of what was charged for `quantity` more units (the server computes the same, rounding half-even per line). */
function lineShare(total: number, quantity: number, refunded: number, more: number): number {
  const share = (q: number) => Math.round((total * q) / quantity);
  return share(refunded + more) - share(refunded);
}

/**
 * Refund part of an order or all of it: by lines (units of each, their share of what was charged)
 * or by amount, always with a reason. The server refunds through the order's payment; one key per
 * opening of the dialog, so a double click or a retry refunds once.
 */
export function RefundDialog({ order, opened, onClose }: { order: OrderDetail; opened: boolean; onClose: () => void }) {
  const { busy, run } = useAction([
    ['order', order.id],
    ['resource', 'commerce/orders'],
  ]);
  const [mode, setMode] = useState<'lines' | 'amount'>('lines');
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [amount, setAmount] = useState<number | ''>('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The server's refusal by field: `reason`, `amount`, or `line:<order line id>`. */
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // One key per refund: a retry after a lost answer refunds once; a refused refund gets a new one.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const digits = currencyDigits(order.currency);
  const money = (n: number) => formatMoney(n, order.currency);
  const left = order.total - order.refunded;

  const fromLines = order.lines.reduce((sum, l) => sum + lineShare(l.total, l.quantity, l.quantityRefunded, quantities[l.id] ?? 0), 0);
  const minorAmount = mode === 'lines' ? fromLines : Math.round((Number(amount) || 0) * 10 ** digits);
  const valid = minorAmount > 0 && minorAmount <= left && reason.trim().length > 0;

  async function submit() {
    setError(null);
    setFieldErrors({});
    const sent = Object.entries(quantities)
      .filter(([, q]) => q > 0)
      .map(([orderLineId, quantity]) => ({ orderLineId, quantity }));
    const body = mode === 'lines' ? { lines: sent, reason: reason.trim() } : { amount: minorAmount, reason: reason.trim() };
    const done = await run(
      'refund',
      () =>
        refundOrder(order.id, body, key).catch((err) => {
          // Each field the server names gets its message at its input (lines.N → the N-th line sent);
          // one without an input on screen (the amount, refunding by items) is said with the message.
          const placed: Record<string, string> = {};
          const unplaced: string[] = [];
          for (const [field, message] of Object.entries(err instanceof ApiError ? (err.fields ?? {}) : {})) {
            const line = /^lines\.(\d+)/.exec(field);
            const key = line && sent[Number(line[1])] ? `line:${sent[Number(line[1])].orderLineId}` : field.split('.')[0];
            const shown = key === 'reason' || (mode === 'amount' ? key === 'amount' : key.startsWith('line:'));
            if (shown) placed[key] = placed[key] ? `${placed[key]}; ${message}` : message;
            else unplaced.push(message);
          }
          setError(err instanceof ApiError ? [err.message, ...unplaced].join(' — ') : 'The refund failed. Try again.');
          setFieldErrors(placed);
          const unknownOutcome = !(err instanceof ApiError) || err.status === 0 || err.status >= 500;
          if (!unknownOutcome) setKey(crypto.randomUUID());
          throw err;
        }),
      `${money(minorAmount)} refunded`,
    );
    if (!done) return;
    setKey(crypto.randomUUID());
    setQuantities({});
    setAmount('');
    setReason('');
    onClose();
  }

  return (
    <Modal opened={opened} onClose={onClose} title={`Refund order ${order.reference}`} size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          Paid {money(order.total)}
          {order.refunded > 0 ? ` · refunded so far ${money(order.refunded)}` : ''} · at most {money(left)} can be refunded
        </Text>
        <SegmentedControl
          value={mode}
          onChange={(v) => setMode(v as 'lines' | 'amount')}
          data={[
            { value: 'lines', label: 'By items' },
            { value: 'amount', label: 'By amount' },
          ]}
          aria-label="Refund by"
        />
        {mode === 'lines' ? (
          <Stack gap="xs">
            {order.lines.map((l) => {
              const open = l.quantity - l.quantityRefunded;
              return (
                <Group key={l.id} justify="space-between" wrap="nowrap" align="flex-end">
                  <NumberInput
                    style={{ flex: 1 }}
                    label={`${l.title}${l.variationTitle ? ` (${l.variationTitle})` : ''}: units to refund`}
                    description={`${units(open)} of ${l.quantity} not refunded · ${money(l.total)} charged`}
                    min={0}
                    max={open}
                    disabled={open === 0}
                    value={quantities[l.id] ?? 0}
                    error={fieldErrors[`line:${l.id}`]}
                    onChange={(v) => setQuantities((q) => ({ ...q, [l.id]: Math.min(open, Math.max(0, Number(v) || 0)) }))}
                  />
                  <Text size="sm" w={110} ta="right" pb={6}>
                    {money(lineShare(l.total, l.quantity, l.quantityRefunded, quantities[l.id] ?? 0))}
                  </Text>
                </Group>
              );
            })}
          </Stack>
        ) : (
          <NumberInput
            label={`Amount (${order.currency})`}
            decimalScale={digits}
            fixedDecimalScale={digits > 0}
            min={0}
            max={left / 10 ** digits}
            value={amount}
            error={fieldErrors.amount}
            onChange={(v) => setAmount(v === '' ? '' : Number(v))}
          />
        )}
        <Textarea
          label="Reason"
          description="Kept on the order’s timeline"
          required
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          error={fieldErrors.reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        {minorAmount > left && (
          <Alert color="red" variant="light">
            At most {money(left)} can still be refunded.
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep the money
          </Button>
          <Button color="red" disabled={!valid} loading={busy === 'refund'} onClick={submit}>
            Refund {money(Math.max(0, minorAmount))}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
