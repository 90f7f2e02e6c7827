import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
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
import { lazy, memo, Suspense, useCallback, useDeferredValue, useState } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import { ApiError, request } from '../../api/client';
import type { Me } from '../../api/get-me';
import { type ResourceMeta, useResourcesMeta } from '../../api/get-resources-meta';
import { DASHBOARD_CARDS, GROUPS, LIST_SCREENS, RECORD_LINKS, screenByPath } from '../../config/screens';
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

/**
 * Area cards declared in the screen table (orders to ship…), each its own chunk. Each card's element is
 * made once: the page re-renders as its answers arrive (permissions, resources, the dashboard), and an
 * unchanged element lets React skip the card (a chart card is most of the page's render).
 */
const areaCards = DASHBOARD_CARDS.map((card) => {
  const Component = lazy(card.component);
  return { ...card, element: <Component /> };
});

/** How many queues the attention list shows before "Show all". */
const ATTENTION_SHOWN = 6;

type Queue = Dashboard['attention'][number];

/** A queue of the owner's own unfinished work (drafts): it waits for nobody else, so it comes after those that do. */
const ownWork = (q: Queue) => q.filter.status === 'draft';

/** The queues by the navigation group of their list screen (Shop, Website, Marketing…): someone waiting first, then biggest first. */
/** How many records of a group wait for someone other than the owner. */
const waitingIn = (g: { queues: Queue[] }) => g.queues.reduce((n, q) => n + (ownWork(q) ? 0 : q.total), 0);

function groupQueues(queues: Queue[]): { label: string; queues: Queue[] }[] {
  const groupOf = (q: Queue) => {
    const path = LIST_SCREENS[q.resource]?.split('?')[0];
    const key = path ? screenByPath(path)?.group : undefined;
    return GROUPS.find((g) => g.key === key)?.label ?? 'Other';
  };
  const groups = new Map<string, Queue[]>();
  for (const q of [...queues].sort((a, b) => Number(ownWork(a)) - Number(ownWork(b)) || b.total - a.total))
    groups.set(groupOf(q), [...(groups.get(groupOf(q)) ?? []), q]);
  return [...groups.entries()].map(([label, list]) => ({ label, queues: list })).sort((a, b) => waitingIn(b) - waitingIn(a));
}

/**
 * What the owner acts on, from one request: records waiting for someone, the set-up checklist of a new
 * community, and recent changes as sentences linking to the records; areas add their own cards.
 */
export default function DashboardPage() {
  const me = useRouteLoaderData('session') as Me | undefined;
  const resources = useResourcesMeta();
  const { canRead, loading: permissionsLoading } = usePermissions();
  const dashboard = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => request<{ data: Dashboard }>('GET', '/api/v1/meta/dashboard').then((r) => r.data),
    staleTime: 30_000,
  });
  const metaOf = useCallback((path: string): ResourceMeta | undefined => resources.data?.find((r) => r.path === path), [resources.data]);
  // Shown once the permissions are known: the lead cards they allow come first, and would push it down.
  // What follows the lead cards is below a phone's fold: it renders as a transition (in slices the
  // browser can interrupt), after the lead cards and the skeleton that keeps its place.
  const d = useDeferredValue(permissionsLoading ? undefined : dashboard.data);
  const canReadAudit = canRead('admin-management');
  const stepsLeft = d?.setup.filter((s) => !s.done) ?? [];
  const visibleCards = areaCards.filter((c) => c.modules.length === 0 || c.modules.some(canRead));
  const leadCards = visibleCards.filter((c) => c.placement === 'lead');
  const gridCards = visibleCards.filter((c) => c.placement !== 'lead');
  const today = new Date().toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' });

  return (
    <>
      <PageHeader title="Dashboard" description={me ? `Welcome back, ${me.data.name}. It is ${today}.` : today} />
      {leadCards.map(({ key, element, reserve }) => (
        <Box key={key} mih={reserve} mb="lg">
          <Suspense fallback={<Skeleton h={reserve?.lg ?? 200} radius="md" />}>{element}</Suspense>
        </Box>
      ))}
      {dashboard.isError && (
        <Alert color="red" variant="light" role="alert" mb="md">
          {dashboard.error instanceof ApiError ? dashboard.error.message : 'The dashboard could not be loaded.'}
        </Alert>
      )}
      {!d && !dashboard.isError && !permissionsLoading && <Skeleton h={160} radius="md" mb="lg" />}

      {d && stepsLeft.length > 0 && <SetupChecklist steps={d.setup} />}

      {d && <Attention queues={d.attention} metaOf={metaOf} />}

      {d && gridCards.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mb="lg">
          {gridCards.map(({ key, element }) => (
            <Suspense key={key} fallback={<Skeleton h={200} radius="md" />}>
              {element}
            </Suspense>
          ))}
        </SimpleGrid>
      )}

      {d && <RecentChanges activity={d.activity} metaOf={metaOf} canReadAudit={canReadAudit} />}
    </>
  );
}

/** Recent changes as sentences linking to the records. */
const RecentChanges = memo(function RecentChanges({
  activity,
  metaOf,
  canReadAudit,
}: {
  activity: Dashboard['activity'];
  metaOf: (path: string) => ResourceMeta | undefined;
  canReadAudit: boolean;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Recent changes
        </Title>
        {canReadAudit && (
          <Anchor component={Link} to={listHref('ops/audit-log') ?? '/admin-panel/dashboard'} size="sm">
            Audit log
          </Anchor>
        )}
      </Group>
      {activity.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing has changed yet.
        </Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2} data-testid="recent-activity">
          {activity.map((g) => (
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
  );
});

/**
 * What waits for someone, grouped by area (Shop, Website…) with the biggest queues first, and capped:
 * the first ATTENTION_SHOWN queues, the rest behind "Show all".
 */
const Attention = memo(function Attention({ queues, metaOf }: { queues: Queue[]; metaOf: (path: string) => ResourceMeta | undefined }) {
  const [all, setAll] = useState(false);
  const groups = groupQueues(queues);
  let budget = all ? Number.POSITIVE_INFINITY : ATTENTION_SHOWN;
  const shown = groups
    .map((g) => {
      const list = g.queues.slice(0, Math.max(0, budget));
      budget -= list.length;
      return { ...g, queues: list };
    })
    .filter((g) => g.queues.length > 0);
  const waiting = queues.reduce((n, q) => n + q.total, 0);
  return (
    <Paper withBorder p="md" radius="md" mb="lg" component="section" aria-labelledby="attention-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="attention-title">
          Needs your attention
        </Title>
        {queues.length > 0 && (
          <Text size="sm" c="dimmed">
            {waiting.toLocaleString()} {waiting === 1 ? 'item' : 'items'} in {queues.length} {queues.length === 1 ? 'list' : 'lists'}
          </Text>
        )}
      </Group>
      {queues.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="attention-empty">
          Nothing is waiting for you: no new messages and nothing left in draft.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="attention">
          {shown.map((g) => (
            <Stack key={g.label} gap={6} role="group" aria-label={g.label}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {g.label}
              </Text>
              {g.queues.map((q) => (
                <AttentionRow key={`${q.resource}:${q.label}`} queue={q} meta={metaOf(q.resource)} />
              ))}
            </Stack>
          ))}
        </SimpleGrid>
      )}
      {queues.length > ATTENTION_SHOWN && (
        <Button variant="subtle" size="xs" mt="sm" onClick={() => setAll((v) => !v)}>
          {all ? 'Show fewer' : `Show all ${queues.length} lists`}
        </Button>
      )}
    </Paper>
  );
});

function AttentionRow({ queue, meta }: { queue: Queue; meta: ResourceMeta | undefined }) {
  const href = listHref(queue.resource, queue.filter);
  const plural = meta?.label.plural ?? queue.resource;
  const what = `${queue.total === 1 ? (meta?.label.singular ?? plural) : plural} ${queue.label}`;
  const latest = queue.latest[0];
  const latestHref = latest ? RECORD_LINKS[queue.resource]?.href(latest.id) : undefined;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid={`attention-${queue.resource}`}>
      <Badge variant="light" size="lg" miw={44} aria-hidden>
        {queue.totalIsEstimate ? `${queue.total.toLocaleString()}+` : queue.total.toLocaleString()}
      </Badge>
      <Stack gap={0} style={{ minWidth: 0 }}>
        {href ? (
          <Anchor
            component={Link}
            to={href}
            size="sm"
            fw={600}
            aria-label={`${queue.totalIsEstimate ? `${queue.total}+` : queue.total} ${what}`}
          >
            {what}
          </Anchor>
        ) : (
          <Text size="sm" fw={600} aria-label={`${queue.totalIsEstimate ? `${queue.total}+` : queue.total} ${what}`}>
            {what}
          </Text>
        )}
        {latest &&
          (latestHref ? (
            <Anchor component={Link} to={latestHref} size="xs" c="dimmed" truncate>
              Latest: {latest.title || 'Untitled'}
            </Anchor>
          ) : (
            <Text size="xs" c="dimmed" truncate>
              Latest: {latest.title || 'Untitled'}
            </Text>
          ))}
      </Stack>
    </Group>
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
