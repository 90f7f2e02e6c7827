import { Alert, Anchor, Badge, Button, Group, SegmentedControl, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPaperclip, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, request } from '../../api/client';
import { useResourceMeta } from '../../api/get-resources-meta';
import { type BoardDrop, Board as KitBoard } from '../../kit/board';
import type { Row } from '../../kit/resource-api';
import { ResourceList } from '../../kit/resource-list';
import { decodeToken, getToken } from '../../lib/session';
import { useCurrentProject, useMembers } from './api';
import { type ColumnPage, usePagedBoard } from './paged-board';
import { ProjectPicker } from './project-picker';

// The form loads when an issue is opened, not with the board.
const ProjectRecordDrawer = lazy(() => import('./project-record-drawer'));

const ISSUES = 'builder/issues';

interface IssueCard {
  id: string;
  title: string;
  status: string;
  type: string;
  severity: string;
  priority: string;
  module: string | null;
  assigneeId: string | null;
  attachments: number;
  comments: number;
}
interface IssueBoard {
  statuses: string[];
  columns: { status: string; count: number; cards: IssueCard[] }[];
}
/** The community's issue lists by kind, as the server names them (status, type, module, found_on, severity, priority). */
type Lookups = Record<string, { name: string }[]>;
interface IssueComment {
  id: string;
  text: string;
  byName: string | null;
  at: string;
}

const community = () => decodeToken(getToken() ?? '')?.cn ?? '';

const useLookups = () =>
  useQuery({
    queryKey: ['builder', 'issue-lookups'],
    queryFn: () => request<{ data: Lookups }>('GET', '/api/v1/builder/issue-lookups/values').then((r) => r.data),
    staleTime: 60_000,
  });

function fail(err: unknown, title: string) {
  notifications.show({ color: 'red', title, message: err instanceof ApiError ? err.message : 'Try again' });
}

/** An issue's thread: its comments in order and a box to add one (any member, the client too). */
function Thread({ issueId, comments, changed }: { issueId: string; comments: IssueComment[]; changed: () => void }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  async function send() {
    setBusy(true);
    try {
      await request('POST', `/api/v1/builder/issues/${issueId}/comments`, { body: { text } });
      setText('');
      changed();
    } catch (err) {
      fail(err, 'Not sent');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack gap="xs" component="section" aria-label="Comments">
      <Title order={3} size="h5">
        Comments ({comments.length})
      </Title>
      {comments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No comments yet.
        </Text>
      ) : null}
      {comments.map((c) => (
        <div key={c.id}>
          <Text size="xs" c="dimmed">
            {c.byName ?? 'Someone'} · {new Date(c.at).toLocaleString()}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {c.text}
          </Text>
        </div>
      ))}
      <Textarea label="Comment" autosize minRows={2} value={text} onChange={(e) => setText(e.currentTarget.value)} />
      <Group justify="flex-end">
        <Button onClick={send} loading={busy} disabled={!text.trim()}>
          Comment
        </Button>
      </Group>
    </Stack>
  );
}

/** What an opened issue shows above its form: its attachments (files of the media library) and its thread. */
function IssueExtras({ issue, changed }: { issue: Row; changed: () => void }) {
  const files = useQuery({
    queryKey: ['builder', 'issue-files', issue.id],
    queryFn: () =>
      // The relation's expand name: attachmentIds → attachments.
      request<{ data: { expanded?: { attachments?: { id: string; title: string | null }[] } } }>('GET', `/api/v1/${ISSUES}/${issue.id}`, {
        query: { expand: 'attachments' },
      }).then((r) => r.data.expanded?.attachments ?? []),
  });
  return (
    <>
      <Stack gap={4} component="section" aria-label="Attachments">
        <Title order={3} size="h5">
          Attachments
        </Title>
        {(files.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            None.
          </Text>
        ) : (
          (files.data ?? []).map((f) => (
            <Anchor key={f.id} href={`/public/${community()}/files/${f.id}`} target="_blank" rel="noreferrer" size="sm">
              <IconPaperclip size={14} aria-hidden /> {f.title ?? 'File'}
            </Anchor>
          ))
        )}
      </Stack>
      <Thread issueId={issue.id} comments={(issue.comments as IssueComment[] | undefined) ?? []} changed={changed} />
    </>
  );
}

interface Filters {
  type: string | null;
  severity: string | null;
  priority: string | null;
  module: string | null;
  assigneeId: string | null;
}

const BOARD = ['builder', 'issue-board'];

/** A severity's colour by its place in the community's severity list (most severe first). */
export function severityColor(severities: string[], severity: string): string {
  const at = severities.indexOf(severity);
  if (at < 0) return 'gray';
  const colors = ['red', 'orange', 'blue', 'gray'];
  return colors[Math.min(colors.length - 1, Math.round((at * (colors.length - 1)) / Math.max(1, severities.length - 1)))];
}

/**
 * The issue board: a column per status of the community's list as the server answers it (counts,
 * "Load more"), moved live when an issue changes in another browser; dragging a card changes its status.
 */
function IssueBoardView({
  projectId,
  query,
  severities,
  names,
  open,
}: {
  projectId: string;
  query: Record<string, string | undefined>;
  severities: string[];
  names: Map<string, string>;
  open: (id: string) => void;
}) {
  const client = useQueryClient();
  const key = [...BOARD, projectId, query];
  const { board, loadMore, loadingMore } = usePagedBoard<IssueCard>({
    queryKey: key,
    scope: [...BOARD, projectId],
    projectId,
    live: 'builder.issue.',
    first: () => request<{ data: IssueBoard }>('GET', `/api/v1/builder/projects/${projectId}/issue-board`, { query }).then((r) => r.data),
    next: (status, afterId) =>
      request<{ data: ColumnPage<IssueCard> }>('GET', `/api/v1/builder/projects/${projectId}/issue-board/column`, {
        query: { ...query, status, afterId },
      }).then((r) => r.data),
  });
  async function onMove(drop: BoardDrop) {
    // Shown at once at the top of its new column; the reload brings the counts and its place.
    client.setQueryData<IssueBoard>(key, (b) => {
      if (!b) return b;
      const card = b.columns.flatMap((c) => c.cards).find((c) => c.id === drop.id);
      if (!card) return b;
      return {
        ...b,
        columns: b.columns.map((c) =>
          c.status === drop.column
            ? { ...c, count: c.count + 1, cards: [{ ...card, status: drop.column }, ...c.cards] }
            : c.status === drop.from
              ? { ...c, count: c.count - 1, cards: c.cards.filter((x) => x.id !== drop.id) }
              : c,
        ),
      };
    });
    try {
      await request('PATCH', `/api/v1/${ISSUES}/${drop.id}`, { body: { status: drop.column } });
    } catch (err) {
      fail(err, 'Not moved');
    }
    void client.invalidateQueries({ queryKey: [...BOARD, projectId] });
  }
  if (board.isError) return <Alert color="red">The issues could not be loaded.</Alert>;
  if (!board.data) return <Text c="dimmed">Loading the issues…</Text>;
  return (
    <KitBoard
      ordered={false}
      columns={board.data.columns.map((c) => ({ key: c.status, label: c.status, count: c.count, items: c.cards }))}
      cardProps={(card) => ({ 'data-issue': card.title })}
      onOpen={(card) => open(card.id)}
      onMove={onMove}
      onLoadMore={loadMore}
      loadingMore={loadingMore}
      renderCard={(card) => (
        <>
          <Text size="sm" fw={500}>
            {card.title}
          </Text>
          <Group gap={4} mt={4}>
            <Badge size="xs" variant="light" tt="none" color={severityColor(severities, card.severity)}>
              {card.severity}
            </Badge>
            <Badge size="xs" variant="outline" tt="none">
              {card.type}
            </Badge>
            {card.assigneeId ? (
              <Text size="xs" c="dimmed">
                {names.get(card.assigneeId) ?? 'Assigned'}
              </Text>
            ) : null}
            {card.comments > 0 ? (
              <Text size="xs" c="dimmed">
                {card.comments} {card.comments === 1 ? 'comment' : 'comments'}
              </Text>
            ) : null}
            {card.attachments > 0 ? (
              <Text size="xs" c="dimmed">
                <IconPaperclip size={12} aria-label="Attachments" /> {card.attachments}
              </Text>
            ) : null}
          </Group>
        </>
      )}
    />
  );
}

/**
 * Quality assurance: a project's issues as a board by status (drag a card to change its status) or
 * a list, filtered by type, severity, priority, module, assignee and title; an issue opens with its
 * attachments, its comment thread and its form.
 */
export default function IssuesPage() {
  const { id: projectId } = useCurrentProject();
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<'board' | 'list'>('board');
  const [filters, setFilters] = useState<Filters>({ type: null, severity: null, priority: null, module: null, assigneeId: null });
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const lookups = useLookups();
  const members = useMembers(projectId);
  const client = useQueryClient();
  const { meta } = useResourceMeta(ISSUES);
  const open = params.get('issue');
  const openIssue = (next: string | null) =>
    setParams((p) => {
      if (next) p.set('issue', next);
      else p.delete('issue');
      return p;
    });
  const query: Record<string, string | undefined> = {
    ...(Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>),
    q: q || undefined,
  };
  const refresh = () => {
    void client.invalidateQueries({ queryKey: [...BOARD, projectId] });
    void client.invalidateQueries({ queryKey: ['resource', ISSUES] });
  };
  const names = new Map((members.data ?? []).map((m) => [m.userId, m.name]));
  const select = (label: string, field: keyof Filters, data: string[] | { value: string; label: string }[]) => (
    <Select
      label={label}
      w={160}
      clearable
      data={data}
      value={filters[field]}
      onChange={(v) => setFilters((f) => ({ ...f, [field]: v }))}
      placeholder="Any"
    />
  );
  const values = (kind: string) => (lookups.data?.[kind] ?? []).map((v) => v.name);
  const listFixed = useMemo(
    () => ({
      ...(projectId ? { projectId } : {}),
      ...(Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>),
    }),
    [projectId, filters],
  );
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Quality assurance</Title>
        <Group align="flex-end">
          <ProjectPicker />
          <SegmentedControl
            value={view}
            onChange={(v) => setView(v as 'board' | 'list')}
            aria-label="View"
            data={[
              { value: 'board', label: 'Board' },
              { value: 'list', label: 'List' },
            ]}
          />
          {projectId && meta?.permissions.write ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => openIssue('new')}>
              New issue
            </Button>
          ) : null}
        </Group>
      </Group>
      <Group align="flex-end" role="group" aria-label="Filters">
        {view === 'board' ? (
          <TextInput
            label="Search"
            placeholder="Issue title"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
        ) : null}
        {select('Type', 'type', values('type'))}
        {select('Severity', 'severity', values('severity'))}
        {select('Priority', 'priority', values('priority'))}
        {select('Module', 'module', values('module'))}
        {select(
          'Assignee',
          'assigneeId',
          (members.data ?? []).map((m) => ({ value: m.userId, label: m.name })),
        )}
      </Group>
      {!projectId ? <Alert>No project yet: start one from New project.</Alert> : null}
      {projectId && view === 'board' ? (
        <IssueBoardView projectId={projectId} query={query} severities={values('severity')} names={names} open={openIssue} />
      ) : null}
      {projectId && view === 'list' && meta ? (
        <ResourceList meta={meta} fixed={listFixed} onOpen={(row) => openIssue(row.id)} selectable={false} />
      ) : null}
      {projectId && open ? (
        <Suspense fallback={null}>
          <ProjectRecordDrawer
            path={ISSUES}
            id={open}
            projectId={projectId}
            close={() => openIssue(null)}
            onSaved={refresh}
            extra={(issue) => <IssueExtras issue={issue} changed={refresh} />}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
