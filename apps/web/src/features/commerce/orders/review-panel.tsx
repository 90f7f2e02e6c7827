import { Badge, Blockquote, Group, Rating, Stack, Text } from '@mantine/core';
import { ActionButtons } from '../../../kit/action-buttons';
import type { ListView, RecordViewProps } from '../../../kit/list-view';
import { useAction } from '../../../kit/use-action';
import { deleteReview, moderateReview } from './orders-api';

const REVIEW_STATUS: Record<string, string> = { pending: 'Awaiting moderation', approved: 'Approved', rejected: 'Rejected' };

function ReviewPanel({ row, close }: RecordViewProps) {
  const { busy, run } = useAction([['resource', 'commerce/reviews']]);
  /** Moderating a review closes it: the next one is in the list. */
  async function act(name: string, action: () => Promise<unknown>, done: string) {
    if (await run(name, action, done)) close();
  }
  const id = row.id;
  return (
    <Stack>
      <Group>
        <Rating value={Number(row.rating)} readOnly aria-label={`${row.rating} of 5 stars`} />
        {row.verifiedPurchase === true && <Badge variant="light">Verified purchase</Badge>}
        <Badge variant="outline">{REVIEW_STATUS[String(row.status)] ?? String(row.status)}</Badge>
      </Group>
      <Text fw={600}>{String(row.title ?? '')}</Text>
      {row.body ? <Blockquote>{String(row.body)}</Blockquote> : null}
      <Text size="sm" c="dimmed">
        By {String(row.authorName)}
      </Text>
      <ActionButtons
        busy={busy}
        actions={[
          {
            name: 'approve',
            label: 'Approve',
            disabled: row.status === 'approved',
            onClick: () => act('approve', () => moderateReview(id, 'approved'), 'Review published'),
          },
          {
            name: 'reject',
            label: 'Reject',
            color: 'red',
            disabled: row.status === 'rejected',
            onClick: () => act('reject', () => moderateReview(id, 'rejected'), 'Review rejected'),
          },
          {
            name: 'delete',
            label: 'Delete',
            color: 'red',
            variant: 'subtle',
            onClick: () => act('delete', () => deleteReview(id), 'Review deleted'),
          },
        ]}
      />
    </Stack>
  );
}

/** Review moderation: the kit's queue by status; a review opens with approve, reject and delete. */
export default { record: ReviewPanel } satisfies ListView;
