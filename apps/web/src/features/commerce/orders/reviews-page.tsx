import { Badge, Blockquote, Button, Group, Rating, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useCurrentScreen } from '../../../app/current-screen';
import type { Row } from '../../../kit/resource-api';
import { ResourceScreen } from '../../../kit/resource-screen';
import { deleteReview, moderateReview } from './orders-api';

const REVIEW_STATUS: Record<string, string> = { pending: 'Awaiting moderation', approved: 'Approved', rejected: 'Rejected' };

function ReviewPanel({ row }: { row: Row }) {
  const client = useQueryClient();
  const [, setParams] = useSearchParams();
  const [busy, setBusy] = useState<string | null>(null);
  async function act(name: string, action: () => Promise<unknown>, done: string, close = false) {
    setBusy(name);
    try {
      await action();
      notifications.show({ color: 'teal', message: done });
      await client.invalidateQueries({ queryKey: ['resource', 'commerce/reviews'] });
      if (close)
        setParams((p) => {
          p.delete('record');
          return p;
        });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Not done', message: err instanceof ApiError ? err.message : 'Try again' });
    } finally {
      setBusy(null);
    }
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
      <Group>
        <Button
          loading={busy === 'approve'}
          disabled={row.status === 'approved'}
          onClick={() => act('approve', () => moderateReview(id, 'approved'), 'Review published', true)}
        >
          Approve
        </Button>
        <Button
          variant="light"
          color="red"
          loading={busy === 'reject'}
          disabled={row.status === 'rejected'}
          onClick={() => act('reject', () => moderateReview(id, 'rejected'), 'Review rejected', true)}
        >
          Reject
        </Button>
        <Button
          variant="subtle"
          color="red"
          loading={busy === 'delete'}
          onClick={() => act('delete', () => deleteReview(id), 'Review deleted', true)}
        >
          Delete
        </Button>
      </Group>
    </Stack>
  );
}

/** Review moderation: the queue by status; a review opens with approve, reject and delete. */
export default function ReviewsPage() {
  const screen = useCurrentScreen();
  return (
    <ResourceScreen
      resource="commerce/reviews"
      title={screen.label}
      description={screen.description}
      readOnly
      renderRecord={(row) => <ReviewPanel row={row} />}
    />
  );
}
