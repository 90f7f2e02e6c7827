import { ActionIcon, Anchor, Indicator, Popover, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { request } from '../../api/client';
import { RECORD_LINKS } from '../../config/screens';
import { subscribeLive } from '../../lib/live';
import { usePermissions } from '../../lib/permissions';

interface Notification {
  id: string;
  createdAt: string;
  title: string;
  body: string | null;
  link: string | null;
  /** The resource and record it is about: the console opens the screen that shows that record when the server gave no link. */
  source: string | null;
  recordId: string | null;
  level: 'info' | 'success' | 'warning' | 'error';
  read: boolean;
}

const BELL = ['notifications-bell'];

/** Where a notification leads: its own link, else the screen that opens its record (the server names the record, not the screen). */
function linkOf(n: Notification): string | null {
  if (n.link?.startsWith('/')) return n.link;
  const record = n.source && n.recordId ? RECORD_LINKS[n.source] : undefined;
  return record ? record.href(n.recordId as string) : null;
}
const PATH = '/api/v1/ops/notifications';

/**
 * The notifications area: the unread count and the latest notifications, kept current by the live
 * stream (a notification created, read or removed anywhere, in any server process, refreshes them
 * at once; so does the stream reconnecting), and a way to every message sent.
 */
export function NotificationsBell() {
  const { canRead } = usePermissions();
  const allowed = canRead('notifications');
  const client = useQueryClient();
  const unread = useQuery({
    queryKey: [...BELL, 'unread'],
    enabled: allowed,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => request<{ total: number | null }>('GET', PATH, { query: { read: 'false', limit: 1 } }).then((r) => r.total ?? 0),
  });
  const latest = useQuery({
    queryKey: [...BELL, 'latest'],
    enabled: allowed,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => request<{ data: Notification[] }>('GET', PATH, { query: { limit: 6, withTotal: 'false' } }).then((r) => r.data),
  });
  useEffect(() => {
    if (!allowed) return;
    return subscribeLive((event) => {
      if (event === null || event.event.startsWith('notification.')) void client.invalidateQueries({ queryKey: BELL });
    });
  }, [allowed, client]);
  const count = unread.data ?? 0;
  const shown = count > 99 ? '99+' : String(count);
  const entries = latest.data ?? [];
  return (
    <Popover position="bottom-end" width={320} shadow="md" withinPortal>
      <Popover.Target>
        {/* The name holds the badge's text as shown ("99+"), outside parentheses, so what is read matches what is seen. */}
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={count > 0 ? `Notifications, ${shown} unread` : 'Notifications'}>
          <Indicator disabled={count === 0} label={shown} size={16} offset={2} color="brand">
            <IconBell size={20} aria-hidden />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Notifications
          </Text>
          {entries.length === 0 && (
            <Text size="sm" c="dimmed">
              {allowed && latest.isPending ? 'Loading…' : 'Nothing new.'}
            </Text>
          )}
          {entries.map((n) => {
            const link = linkOf(n);
            return (
              <div key={n.id}>
                {link ? (
                  <Anchor component={Link} to={link} size="sm" fw={n.read ? 400 : 600}>
                    {n.title}
                  </Anchor>
                ) : (
                  <Text size="sm" fw={n.read ? 400 : 600}>
                    {n.title}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {new Date(n.createdAt).toLocaleString()}
                </Text>
              </div>
            );
          })}
          {allowed && (
            <Anchor component={Link} to="/admin-panel/notifications" size="sm">
              All messages sent
            </Anchor>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
