import {
  Alert,
  Anchor,
  Card,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Timeline,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import { ApiError, request } from '../../api/client';
import type { Me } from '../../api/get-me';
import { type ResourceMeta, useResourcesMeta } from '../../api/get-resources-meta';
import { DASHBOARD_CARDS, LIST_SCREENS, RECORD_LINKS } from '../../config/screens';
import { PageHeader } from '../../kit/page-header';
import { usePermissions } from '../../lib/permissions';
import { activitySentence } from './activity-sentence';

interface RecordRef {
  id: string;
  title: string;
  exists?: boolean;
}
export interface Dashboard {
  attention: {
    resource: string;
    label: string;
    filter: Record<string, string>;
    total: number;
    totalIsEstimate: boolean;
    latest: RecordRef[];
  }[];
  setup: { resource: string; label: string; done: boolean }[];
  activity: { actorName: string | null; action: string; resource: string; count: number; records: RecordRef[]; at: string }[];
}

const ACTION_COLOURS: Record<string, string> = { create: 'teal', update: 'blue', delete: 'red' };

/** The list screen of a resource filtered the way the queue counts. */
const listHref = (resource: string, filter: Record<string, string> = {}) => {
  const path = LIST_SCREENS[resource];
  if (!path) return undefined;
  const query = new URLSearchParams(filter).toString();
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
};

/** Area cards declared in the screen table (orders to ship…), each its own chunk. */
const areaCards = DASHBOARD_CARDS.map((card) => ({ ...card, Component: lazy(card.component) }));

/**
 * What the owner acts on, from one request: records waiting for someone, the set-up checklist of a new
 * community, and recent changes as sentences linking to the records; areas add their own cards.
 */
export default function DashboardPage() {
  const me = useRouteLoaderData('session') as Me | undefined;
  const resources = useResourcesMeta();
  const { canRead } = usePermissions();
  const dashboard = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => request<{ data: Dashboard }>('GET', '/api/v1/meta/dashboard').then((r) => r.data),
    staleTime: 30_000,
  });
  const metaOf = (path: string): ResourceMeta | undefined => resources.data?.find((r) => r.path === path);
  const d = dashboard.data;
  const stepsLeft = d?.setup.filter((s) => !s.done) ?? [];
  const visibleCards = areaCards.filter((c) => c.modules.length === 0 || c.modules.some(canRead));

  return (
    <>
      <PageHeader title="Dashboard" description={me ? `Welcome back, ${me.data.name}. This is ${me.community.name} today.` : undefined} />
      {dashboard.isError && (
        <Alert color="red" variant="light" role="alert" mb="md">
          {dashboard.error instanceof ApiError ? dashboard.error.message : 'The dashboard could not be loaded.'}
        </Alert>
      )}
      {dashboard.isPending && <Skeleton h={160} radius="md" mb="lg" />}

      {d && stepsLeft.length > 0 && <SetupChecklist steps={d.setup} />}

      {d && (
        <section aria-labelledby="attention-title">
          <Title order={2} size="h4" mb="sm" id="attention-title">
            Needs your attention
          </Title>
          {d.attention.length === 0 ? (
            <Text size="sm" c="dimmed" mb="lg" data-testid="attention-empty">
              Nothing is waiting for you: no new messages and nothing left in draft.
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" mb="lg" data-testid="attention">
              {d.attention.map((q) => (
                <AttentionCard key={`${q.resource}:${q.label}`} queue={q} meta={metaOf(q.resource)} />
              ))}
            </SimpleGrid>
          )}
        </section>
      )}

      {visibleCards.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mb="lg">
          {visibleCards.map(({ key, Component }) => (
            <Suspense key={key} fallback={<Skeleton h={200} radius="md" />}>
              <Component />
            </Suspense>
          ))}
        </SimpleGrid>
      )}

      {d && (
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              Recent changes
            </Title>
            {canRead('admin-management') && (
              <Anchor component={Link} to={listHref('ops/audit-log') ?? '/admin-panel/dashboard'} size="sm">
                Audit log
              </Anchor>
            )}
          </Group>
          {d.activity.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing has changed yet.
            </Text>
          ) : (
            <Timeline bulletSize={12} lineWidth={2} data-testid="recent-activity">
              {d.activity.map((g) => (
                <Timeline.Item key={`${g.resource}:${g.action}:${g.at}`} color={ACTION_COLOURS[g.action] ?? 'gray'}>
                  <Text size="sm">{activitySentence(g, metaOf(g.resource), (r) => RECORD_LINKS[g.resource]?.href(r.id))}</Text>
                  <Text size="xs" c="dimmed">
                    {new Date(g.at).toLocaleString()}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Paper>
      )}
    </>
  );
}

function AttentionCard({ queue, meta }: { queue: Dashboard['attention'][number]; meta: ResourceMeta | undefined }) {
  const href = listHref(queue.resource, queue.filter);
  const plural = meta?.label.plural ?? queue.resource;
  const what = `${queue.total === 1 ? (meta?.label.singular ?? plural) : plural} ${queue.label}`;
  return (
    <Card withBorder radius="md" data-testid={`attention-${queue.resource}`}>
      <Group gap={8} align="baseline" wrap="nowrap">
        <Text fz={28} fw={700} lh={1}>
          {queue.totalIsEstimate ? `${queue.total.toLocaleString()}+` : queue.total.toLocaleString()}
        </Text>
        {href ? (
          <Anchor component={Link} to={href} size="sm" fw={600}>
            {what}
          </Anchor>
        ) : (
          <Text size="sm" fw={600}>
            {what}
          </Text>
        )}
      </Group>
      <Stack gap={2} mt="xs">
        {queue.latest.map((r) => {
          const recordHref = RECORD_LINKS[queue.resource]?.href(r.id);
          return recordHref ? (
            <Anchor key={r.id} component={Link} to={recordHref} size="sm" truncate>
              {r.title || 'Untitled'}
            </Anchor>
          ) : (
            <Text key={r.id} size="sm" truncate>
              {r.title || 'Untitled'}
            </Text>
          );
        })}
      </Stack>
    </Card>
  );
}

function SetupChecklist({ steps }: { steps: Dashboard['setup'] }) {
  const done = steps.filter((s) => s.done).length;
  return (
    <Paper withBorder p="md" radius="md" mb="lg" data-testid="setup-checklist">
      <Group justify="space-between" mb={6}>
        <Title order={2} size="h4">
          Set up your community
        </Title>
        <Text size="sm" c="dimmed">
          {done} of {steps.length} done
        </Text>
      </Group>
      <Progress value={(done / steps.length) * 100} mb="sm" aria-label={`${done} of ${steps.length} set-up steps done`} />
      <Stack gap={6}>
        {steps.map((s) => {
          const href = listHref(s.resource);
          return (
            <Group key={s.label} gap="xs" wrap="nowrap">
              <ThemeIcon size={20} radius="xl" variant={s.done ? 'filled' : 'light'} color={s.done ? 'teal' : 'gray'} aria-hidden>
                {s.done ? <IconCheck size={12} /> : <IconCircleDashed size={12} />}
              </ThemeIcon>
              {href && !s.done ? (
                <Anchor component={Link} to={href} size="sm">
                  {s.label}
                </Anchor>
              ) : (
                <Text size="sm" td={s.done ? 'line-through' : undefined} c={s.done ? 'dimmed' : undefined}>
                  {s.label}
                </Text>
              )}
              <VisuallyHidden>{s.done ? '(done)' : '(to do)'}</VisuallyHidden>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
