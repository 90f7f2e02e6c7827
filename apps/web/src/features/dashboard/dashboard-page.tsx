import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Anchor, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link, useRouteLoaderData } from 'react-router';
import { ApiError, request } from '../../api/client';
import type { Me } from '../../api/get-me';
import { useModules } from '../../api/get-modules';
import { useResourcesMeta } from '../../api/get-resources-meta';
import { areaLabel } from '../../config/areas';
import { LIST_SCREENS } from '../../config/screens';
import { PageHeader } from '../../kit/page-header';
import { listRecords } from '../../kit/resource-api';
import { usePermissions } from '../../lib/permissions';

interface AuditEntry {
  id: string;
  createdAt: string;
  actorName: string | null;
  action: string;
  resource: string;
  recordId: string | null;
}

const ACTION_COLOURS: Record<string, string> = { create: 'teal', update: 'blue', delete: 'red' };
const PAST: Record<string, string> = { create: 'created', update: 'updated', delete: 'deleted' };
/** Bookkeeping lists that are not business records. */
const NOT_COUNTED = new Set(['ops/audit-log', 'ops/logs', 'ops/outbox']);

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** Real figures: records per area (each list's total), and what changed lately (audit log). */
export default function DashboardPage() {
  const me = useRouteLoaderData('session') as Me | undefined;
  const resources = useResourcesMeta();
  const modules = useModules();
  const { canRead } = usePermissions();
  const counted = (resources.data ?? []).filter((r) => !NOT_COUNTED.has(r.path));
  const totals = useQueries({
    queries: counted.map((r) => ({
      queryKey: ['dashboard', 'total', r.path],
      queryFn: () => listRecords(r.path, { limit: 1 }).then((p) => p.total ?? 0),
      staleTime: 60_000,
    })),
  });
  const activity = useQuery({
    queryKey: ['dashboard', 'activity'],
    enabled: canRead('admin-management'),
    queryFn: () =>
      request<{ data: AuditEntry[] }>('GET', '/api/v1/ops/audit-log', { query: { limit: 10, withTotal: 'false' } }).then((r) => r.data),
  });

  const areaOf = (module: string) => modules.data?.find((m) => m.key === module)?.area ?? 'settings';
  const areas = new Map<
    string,
    { label: string; total: number; pending: boolean; lists: { label: string; total: number; path: string }[] }
  >();
  counted.forEach((r, i) => {
    const key = areaOf(r.module);
    const entry = areas.get(key) ?? { label: areaLabel(key), total: 0, pending: false, lists: [] };
    const total = totals[i]?.data;
    if (typeof total === 'number') {
      entry.total += total;
      entry.lists.push({ label: r.label.plural, total, path: r.path });
    } else entry.pending = true;
    areas.set(key, entry);
  });
  const cards = [...areas.entries()].map(([key, a]) => ({ key, ...a, lists: a.lists.sort((x, y) => y.total - x.total) }));
  const chart = cards.filter((c) => !c.pending).map((c) => ({ area: c.label, records: c.total }));
  const labelOf = (path: string) => resources.data?.find((r) => r.path === path)?.label.singular.toLowerCase() ?? path;

  return (
    <>
      <PageHeader title="Dashboard" description={me ? `Welcome back, ${me.data.name}. This is ${me.community.name} today.` : undefined} />
      {resources.isError && (
        <Alert color="red" variant="light" role="alert" mb="md">
          {resources.error instanceof ApiError ? resources.error.message : 'The figures could not be loaded.'}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" mb="lg">
        {(resources.isPending || modules.isPending) &&
          Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
            <Skeleton key={i} h={120} radius="md" />
          ))}
        {cards.map((c) => (
          <Card key={c.key} withBorder radius="md" data-testid={`area-${c.key}`}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {c.label}
            </Text>
            <Group gap={6} align="baseline">
              <Text fz={30} fw={700} data-testid={`area-total-${c.key}`}>
                {c.pending ? '…' : c.total}
              </Text>
              <Text size="sm" c="dimmed">
                records in {c.lists.length} {c.lists.length === 1 ? 'list' : 'lists'}
              </Text>
            </Group>
            <Stack gap={2} mt="xs">
              {c.lists.slice(0, 4).map((l) => (
                <Group key={l.path} justify="space-between" gap="xs" wrap="nowrap">
                  {LIST_SCREENS[l.path] ? (
                    <Anchor component={Link} to={LIST_SCREENS[l.path]} size="sm" truncate>
                      {l.label}
                    </Anchor>
                  ) : (
                    <Text size="sm" truncate>
                      {l.label}
                    </Text>
                  )}
                  <Text size="sm" fw={600}>
                    {l.total}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            Records per area
          </Title>
          {chart.length > 0 ? (
            <BarChart
              h={Math.max(160, chart.length * 44)}
              data={chart}
              dataKey="area"
              series={[{ name: 'records', color: 'brand.6', label: 'Records' }]}
              orientation="vertical"
              yAxisProps={{ width: 130 }}
              gridAxis="none"
            />
          ) : (
            <Skeleton h={200} />
          )}
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              Recent activity
            </Title>
            {canRead('performance') && (
              <Anchor component={Link} to="/admin-panel/controlcenter/performance/application-log" size="sm">
                Application log
              </Anchor>
            )}
          </Group>
          {!canRead('admin-management') && (
            <Text size="sm" c="dimmed">
              Your role does not include the audit log.
            </Text>
          )}
          {activity.isPending && canRead('admin-management') && <Skeleton h={200} />}
          {activity.data?.length === 0 && (
            <Text size="sm" c="dimmed">
              Nothing has changed yet.
            </Text>
          )}
          {activity.data && activity.data.length > 0 && (
            <Timeline bulletSize={12} lineWidth={2} data-testid="recent-activity">
              {activity.data.map((e) => {
                const what = labelOf(e.resource);
                return (
                  <Timeline.Item key={e.id} color={ACTION_COLOURS[e.action] ?? 'gray'}>
                    <Text size="sm">
                      <b>{e.actorName ?? 'Someone'}</b> {PAST[e.action] ?? e.action} {article(what)} {what}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {new Date(e.createdAt).toLocaleString()}
                    </Text>
                  </Timeline.Item>
                );
              })}
            </Timeline>
          )}
        </Paper>
      </SimpleGrid>
    </>
  );
}
