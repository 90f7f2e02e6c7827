import { ActionIcon, Anchor, Indicator, Popover, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { request } from '../../api/client';
import { usePermissions } from '../../lib/permissions';

interface AuditEntry {
  id: string;
  createdAt: string;
  actorName: string | null;
  action: string;
  resource: string;
}

/** The notifications area: the latest changes in the community, and a way to every message sent. */
export function NotificationsBell() {
  const { canRead } = usePermissions();
  const allowed = canRead('admin-management');
  const recent = useQuery({
    queryKey: ['notifications-bell'],
    enabled: allowed,
    staleTime: 60_000,
    queryFn: () =>
      request<{ data: AuditEntry[] }>('GET', '/api/v1/ops/audit-log', { query: { limit: 6, withTotal: 'false' } }).then((r) => r.data),
  });
  const entries = recent.data ?? [];
  return (
    <Popover position="bottom-end" width={320} shadow="md" withinPortal>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Notifications">
          <Indicator disabled={entries.length === 0} size={8} offset={2} color="brand">
            <IconBell size={20} aria-hidden />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Recent activity
          </Text>
          {!allowed && (
            <Text size="sm" c="dimmed">
              Nothing new.
            </Text>
          )}
          {allowed && entries.length === 0 && (
            <Text size="sm" c="dimmed">
              {recent.isPending ? 'Loading…' : 'Nothing new.'}
            </Text>
          )}
          {entries.map((e) => (
            <div key={e.id}>
              <Text size="sm">
                {e.actorName ?? 'Someone'} {e.action === 'delete' ? 'deleted' : `${e.action}d`} {e.resource}
              </Text>
              <Text size="xs" c="dimmed">
                {new Date(e.createdAt).toLocaleString()}
              </Text>
            </div>
          ))}
          {canRead('notifications') && (
            <Anchor component={Link} to="/admin-panel/notifications" size="sm">
              All messages sent
            </Anchor>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
