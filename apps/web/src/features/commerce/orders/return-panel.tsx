import { Badge, Group, Stack, Text } from '@mantine/core';
import { ActionButtons } from '../../../kit/action-buttons';
import type { ListView, RecordViewProps } from '../../../kit/list-view';
import { formatMoney } from '../../../kit/money';
import { useAction } from '../../../kit/use-action';
import { useShopCurrency } from '../catalogue/money';
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

function ReturnPanel({ row }: RecordViewProps) {
  const { busy, run } = useAction([['resource', 'commerce/returns']]);
  const currency = useShopCurrency();
  const lines = Array.isArray(row.lines) ? (row.lines as { orderLineId: string; quantity: number; reason?: string }[]) : [];
  const act = (event: 'approve' | 'reject' | 'receive' | 'refund') => run(event, () => transitionReturn(row.id, event), 'Return updated');
  return (
    <Stack>
      <Group>
        <Badge variant="light">{String(row.status).replace(/^./, (c) => c.toUpperCase())}</Badge>
        <Text>Refund: {formatMoney(Number(row.refundAmount), currency.code)}</Text>
      </Group>
      {row.reason ? <Text>Reason: {String(row.reason)}</Text> : null}
      <Text size="sm">
        {lines.reduce((n, l) => n + l.quantity, 0)} units on {lines.length} order line(s)
      </Text>
      <ActionButtons
        busy={busy}
        actions={(NEXT[String(row.status)] ?? []).map((n) => ({
          name: n.event,
          label: n.label,
          color: n.color,
          onClick: () => act(n.event),
        }))}
      />
    </Stack>
  );
}

/** Returns: the kit's list by status; a return opens with its next steps. */
export default { record: ReturnPanel } satisfies ListView;
