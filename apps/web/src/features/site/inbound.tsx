import { Badge, Button, Group, Menu, Switch, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconChevronDown, IconLink } from '@tabler/icons-react';
import { ApiError, request } from '../../api/client';
import { useResourceMeta } from '../../api/get-resources-meta';
import { type Row, useRecordMutations } from '../../kit/resource-api';
import type { ResourceScreenProps } from '../../kit/resource-screen';
import { REPLYABLE, ReplyAction } from './reply-action';
import { SiteScreen } from './site-screen';

/** States of the website's inbound lists (messages, requests, applications, downloads). */
export const INBOUND_STATUS = [
  { value: 'new', label: 'New', color: 'blue' },
  { value: 'in_progress', label: 'In progress', color: 'yellow' },
  { value: 'done', label: 'Done', color: 'teal' },
] as const;

const statusOf = (value: unknown) => INBOUND_STATUS.find((s) => s.value === value) ?? INBOUND_STATUS[0];

/** The status of an inbound record as a badge that changes it in one click (no drawer). */
export function StatusQuickAction({ resource, row, titleField }: { resource: string; row: Row; titleField: string }) {
  const { update } = useRecordMutations(resource);
  const current = statusOf(row.status);
  const who = String(row[titleField] ?? '');
  async function set(status: string) {
    try {
      await update.mutateAsync({ id: row.id, body: { status } });
      notifications.show({ color: 'teal', message: `${who || 'Record'}: ${statusOf(status).label.toLowerCase()}` });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Not changed', message: err instanceof ApiError ? err.message : 'Try again' });
    }
  }
  return (
    // The row opens the record on click: keep clicks here to the menu.
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops the row's click handler
    // biome-ignore lint/a11y/useKeyWithClickEvents: the menu inside is keyboard-operable
    <span onClick={(e) => e.stopPropagation()}>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button
            size="compact-xs"
            variant="light"
            color={current.color}
            loading={update.isPending}
            rightSection={<IconChevronDown size={12} aria-hidden />}
            aria-label={`Status of ${who}: ${current.label}. Change`}
            data-testid="status-action"
          >
            {current.label}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Set status</Menu.Label>
          {INBOUND_STATUS.map((s) => (
            <Menu.Item
              key={s.value}
              onClick={() => set(s.value)}
              disabled={s.value === current.value}
              leftSection={s.value === current.value ? <IconCheck size={14} aria-hidden /> : <Badge size="xs" circle color={s.color} />}
            >
              {s.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </span>
  );
}

/** An inbound list (get-in-touch, design support, careers, registrations, downloads): status column, quick status change, reply by email, CSV export. */
export function InboundScreen(props: ResourceScreenProps) {
  const { meta } = useResourceMeta(props.resource);
  const titleField = meta?.ui.title ?? 'name';
  const writable = Boolean(meta?.permissions.write && meta.operations.update);
  const cells = {
    status: (row: Row) =>
      writable ? (
        <Group gap={4} wrap="nowrap">
          <StatusQuickAction resource={props.resource} row={row} titleField={titleField} />
          {REPLYABLE.has(props.resource) && <ReplyAction resource={props.resource} row={row} />}
        </Group>
      ) : (
        <Badge variant="light" color={statusOf(row.status).color} tt="none">
          {statusOf(row.status).label}
        </Badge>
      ),
    ...props.cells,
  };
  return <SiteScreen {...props} cells={cells} />;
}

/** Subscribers have no status: a quick subscribed switch and a copy of the signed unsubscribe link instead. */
function SubscribedQuickAction({ row }: { row: Row }) {
  const { update } = useRecordMutations('site/subscribers');
  const email = String(row.email ?? '');
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops the row's click handler
    // biome-ignore lint/a11y/useKeyWithClickEvents: the switch inside is keyboard-operable
    <span onClick={(e) => e.stopPropagation()}>
      <Switch
        size="xs"
        aria-label={`${email} subscribed`}
        checked={row.subscribed === true}
        disabled={update.isPending}
        onChange={async (e) => {
          const subscribed = e.currentTarget.checked;
          try {
            await update.mutateAsync({ id: row.id, body: { subscribed } });
          } catch (err) {
            notifications.show({ color: 'red', title: 'Not changed', message: err instanceof ApiError ? err.message : 'Try again' });
          }
        }}
      />
    </span>
  );
}

function UnsubscribeLink({ row }: { row: Row }) {
  async function copy() {
    try {
      const { data } = await request<{ data: { url: string } }>('GET', `/api/v1/site/subscribers/${row.id}/unsubscribe-link`);
      const url = new URL(data.url, window.location.origin).toString();
      await navigator.clipboard?.writeText(url).catch(() => {});
      notifications.show({ title: 'Unsubscribe link copied', message: url });
    } catch (err) {
      notifications.show({ color: 'red', title: 'No link', message: err instanceof ApiError ? err.message : 'Try again' });
    }
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops the row's click handler
    // biome-ignore lint/a11y/useKeyWithClickEvents: the button inside is keyboard-operable
    <span onClick={(e) => e.stopPropagation()}>
      <Tooltip label="Copy the signed unsubscribe link">
        <Button size="compact-xs" variant="subtle" leftSection={<IconLink size={12} aria-hidden />} onClick={copy}>
          Link
        </Button>
      </Tooltip>
    </span>
  );
}

function SubscribersScreen() {
  const { meta } = useResourceMeta('site/subscribers');
  const writable = Boolean(meta?.permissions.write && meta.operations.update);
  const cells = writable
    ? {
        subscribed: (row: Row) => (
          <Group gap="xs" wrap="nowrap">
            <SubscribedQuickAction row={row} />
            <UnsubscribeLink row={row} />
          </Group>
        ),
      }
    : undefined;
  return (
    <SiteScreen
      resource="site/subscribers"
      title="Newsletter subscribers"
      description="Newsletter subscribers from the website; unsubscribed addresses stay listed and are not mailed."
      cells={cells}
      columns={['email', 'name', 'subscribed', 'source', 'createdAt', 'unsubscribedAt']}
    />
  );
}

export default SubscribersScreen;
