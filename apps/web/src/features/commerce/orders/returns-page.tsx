import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { useCurrentScreen } from '../../../app/current-screen';
import type { Row } from '../../../kit/resource-api';
import { ResourceScreen } from '../../../kit/resource-screen';
import { formatMoney } from './money';
import { transitionReturn } from './orders-api';

/** What each return state lets the shop do next (the server refuses the rest with a 409). */
const NEXT: Record<string, { event: 'approve' | 'reject' | 'receive' | 'refund'; label: string; color?: string }[]> = {
  requested: [
    { event: 'approve', label: 'Approve' },
    { event: 'reject', label: 'Reject', color: 'red' },
  ],
  approved: [
    { event: 'receive', label: 'Goods received (restock)' },
    { event: 'reject', label: 'Reject', color: 'red' },
  ],
  received: [{ event: 'refund', label: 'Refund' }],
};

function ReturnPanel({ row }: { row: Row }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const lines = Array.isArray(row.lines) ? (row.lines as { orderLineId: string; quantity: number; reason?: string }[]) : [];
  async function act(event: 'approve' | 'reject' | 'receive' | 'refund') {
    setBusy(event);
    try {
      await transitionReturn(row.id, event);
      notifications.show({ color: 'teal', message: 'Return updated' });
      await client.invalidateQueries({ queryKey: ['resource', 'commerce/returns'] });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Not done', message: err instanceof ApiError ? err.message : 'Try again' });
    } finally {
      setBusy(null);
    }
  }
  return (
    <Stack>
      <Group>
        <Badge variant="light">{String(row.status).replace(/^./, (c) => c.toUpperCase())}</Badge>
        <Text>Refund: {formatMoney(Number(row.refundAmount), undefined)}</Text>
      </Group>
      {row.reason ? <Text>Reason: {String(row.reason)}</Text> : null}
      <Text size="sm">
        {lines.reduce((n, l) => n + l.quantity, 0)} units on {lines.length} order line(s)
      </Text>
      <Group>
        {(NEXT[String(row.status)] ?? []).map((n) => (
          <Button
            key={n.event}
            color={n.color}
            variant={n.color ? 'light' : 'filled'}
            loading={busy === n.event}
            onClick={() => act(n.event)}
          >
            {n.label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

/** Returns: the list by status; a return opens with its next steps. */
export default function ReturnsPage() {
  const screen = useCurrentScreen();
  return (
    <ResourceScreen
      resource="commerce/returns"
      title={screen.label}
      description={screen.description}
      readOnly
      renderRecord={(row) => <ReturnPanel row={row} />}
    />
  );
}
