import { ActionIcon, Alert, Badge, Button, Group, Progress, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconKeyboard, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, request } from '../../api/client';
import { useResourceMeta } from '../../api/get-resources-meta';
import { type BoardDrop, Board as KitBoard } from '../../kit/board';
import { ResourceList } from '../../kit/resource-list';
import { type Board, type Card, label, TASKS, useCurrentProject } from './api';
import { ShortcutsHelp, useBoardShortcuts } from './board-shortcuts';
import { type ColumnPage, type LiveCard, usePagedBoard } from './paged-board';
import { ProjectPicker } from './project-picker';

// The form loads when a task is opened, not with the board.
const ProjectRecordDrawer = lazy(() => import('./project-record-drawer'));

const PRIORITY: Record<string, string> = { low: 'gray', medium: 'blue', high: 'yellow', urgent: 'red' };

function TaskCardBody({ card }: { card: Card }) {
  return (
    <>
      <Text size="sm" fw={500}>
        {card.title}
      </Text>
      <Group gap={4} mt={4}>
        {/* Light, as the kit's status badges: white on a filled blue or yellow is too faint to read (axe). */}
        <Badge size="xs" variant="light" tt="none" color={PRIORITY[card.priority] ?? 'gray'}>
          {label(card.priority)}
        </Badge>
        {card.dueDate ? (
          <Text size="xs" c="dimmed">
            due {card.dueDate}
          </Text>
        ) : null}
        {card.labels.map((l) => (
          <Badge key={l} size="xs" variant="outline">
            {l}
          </Badge>
        ))}
      </Group>
    </>
  );
}

/**
 * The board with one card placed at `to` (its column and position), as a move announces it: shown at
 * once, before the reload that follows brings the counts and any card not loaded yet. A card this
 * board has not loaded is left to that reload.
 */
export function placeCard(board: Board, to: { id: string; status: string; position: number }): Board {
  const card = board.columns.flatMap((c) => c.cards).find((c) => c.id === to.id);
  if (!card || !board.columns.some((c) => c.status === to.status)) return board;
  const moved = { ...card, status: to.status, position: to.position };
  return {
    ...board,
    columns: board.columns.map((column) => {
      const had = column.cards.some((c) => c.id === to.id);
      let cards = column.cards.filter((c) => c.id !== to.id);
      if (column.status === to.status) cards = [...cards, moved].sort((a, b) => a.position - b.position);
      const count = column.count - (had ? 1 : 0) + (column.status === to.status ? 1 : 0);
      return { ...column, cards, count };
    }),
  };
}

interface Placement {
  id: string;
  projectId: string | null;
  status: string;
  position: number;
}

/** A task moved in another browser: placed at once (the reload that follows brings the rest). */
const placeMoved = (board: Board, card: LiveCard, event: string) =>
  event === 'builder.task.moved' && card.position !== null ? placeCard(board, { ...card, position: card.position }) : board;

function TaskBoard({ projectId, q, open }: { projectId: string; q: string; open: (id: string) => void }) {
  const client = useQueryClient();
  const key = ['builder', 'board', projectId, q];
  const { board, loadMore, loadingMore } = usePagedBoard<Card>({
    queryKey: key,
    scope: ['builder', 'board', projectId],
    projectId,
    live: 'builder.task.',
    place: placeMoved,
    first: () =>
      request<{ data: Board }>('GET', `/api/v1/builder/projects/${projectId}/board`, { query: { q: q || undefined } }).then((r) => r.data),
    next: (status, afterId) =>
      request<{ data: ColumnPage<Card> }>('GET', `/api/v1/builder/projects/${projectId}/board/column`, {
        query: { status, afterId, q: q || undefined },
      }).then((r) => r.data),
  });
  async function onMove(drop: BoardDrop) {
    try {
      const { data } = await request<{ data: Placement & { id: string } }>('POST', `/api/v1/builder/tasks/${drop.id}/move`, {
        body: { status: drop.column, beforeId: drop.beforeId, afterId: drop.afterId },
      });
      client.setQueryData<Board>(key, (b) => (b ? placeCard(b, data) : b));
    } catch (err) {
      notifications.show({ color: 'red', title: 'Not moved', message: err instanceof ApiError ? err.message : 'Try again' });
    }
    await client.invalidateQueries({ queryKey: key });
  }
  if (board.isError) return <Alert color="red">The board could not be loaded.</Alert>;
  if (!board.data) return <Text c="dimmed">Loading the board…</Text>;
  return (
    <KitBoard
      columns={board.data.columns.map((c) => ({ key: c.status, label: label(c.status), count: c.count, items: c.cards }))}
      renderCard={(card) => <TaskCardBody card={card} />}
      cardProps={(card) => ({ 'data-task': card.title })}
      onOpen={(card) => open(card.id)}
      onMove={onMove}
      onLoadMore={loadMore}
      loadingMore={loadingMore}
    />
  );
}

interface Stats {
  people: { userId: string; name: string; capacityHours: number; loggedHours: number; openTasks: number }[];
}

function Capacity({ projectId }: { projectId: string }) {
  const stats = useQuery({
    queryKey: ['builder', 'stats', projectId],
    queryFn: () => request<{ data: Stats }>('GET', `/api/v1/builder/projects/${projectId}/stats`).then((r) => r.data),
  });
  if (!stats.data) return null;
  return (
    <Table aria-label="Hours logged this week against capacity">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Person</Table.Th>
          <Table.Th>Logged this week</Table.Th>
          <Table.Th>Capacity</Table.Th>
          <Table.Th>Open tasks</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {stats.data.people.map((p) => (
          <Table.Tr key={p.userId}>
            <Table.Td>{p.name}</Table.Td>
            <Table.Td>
              <Group gap="xs">
                <Progress
                  w={120}
                  value={p.capacityHours ? Math.min(100, (100 * p.loggedHours) / p.capacityHours) : 0}
                  aria-label={`${p.name}'s hours`}
                />
                <Text size="sm">{p.loggedHours.toFixed(1)} h</Text>
              </Group>
            </Table.Td>
            <Table.Td>{p.capacityHours} h</Table.Td>
            <Table.Td>{p.openTasks}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

type View = 'board' | 'list' | 'team';

/** The project's tasks as the kit's list (paging, sort, search, filters), opened in the task drawer. */
function TaskList({ projectId, open }: { projectId: string; open: (id: string) => void }) {
  const { meta } = useResourceMeta(TASKS);
  if (!meta) return <Text c="dimmed">Loading the list…</Text>;
  return <ResourceList meta={meta} fixed={{ projectId }} onOpen={(row) => open(row.id)} selectable={false} />;
}

/**
 * The builder: a project's board (drag and drop between and within columns, live), its tasks as a
 * list, and the team's capacity; keyboard shortcuts as in Linear (`?` lists them).
 */
export default function BoardPage() {
  const { id } = useCurrentProject();
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<View>('board');
  const [filter, setFilter] = useState('');
  const [q] = useDebouncedValue(filter.trim(), 250);
  const [help, setHelp] = useState(false);
  const filterRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const task = params.get('task');
  const openTask = (next: string | null) =>
    setParams((p) => {
      if (next) p.set('task', next);
      else p.delete('task');
      return p;
    });
  const { meta } = useResourceMeta(TASKS);
  const canCreate = Boolean(id && meta?.operations.create && meta.permissions.write);
  useBoardShortcuts(
    {
      newTask: () => canCreate && openTask('new'),
      filter: () => {
        if (view === 'team') setView('board');
        // The list has its own search box (the kit's); the board has the filter beside the views.
        const box = view === 'list' ? listRef.current?.querySelector<HTMLInputElement>('input[aria-label^="Search"]') : null;
        (box ?? filterRef.current)?.focus();
      },
      board: () => setView('board'),
      list: () => setView('list'),
      team: () => setView('team'),
      help: () => setHelp(true),
    },
    help || Boolean(task),
  );
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Builder</Title>
        <Group align="flex-end">
          <ProjectPicker />
          {view === 'board' ? (
            <TextInput
              ref={filterRef}
              label="Filter"
              placeholder="Task title"
              aria-keyshortcuts="/"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={filter}
              onChange={(e) => setFilter(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') e.currentTarget.blur();
              }}
            />
          ) : null}
          <SegmentedControl
            value={view}
            onChange={(v) => setView(v as View)}
            aria-label="View"
            data={[
              { value: 'board', label: 'Board' },
              { value: 'list', label: 'List' },
              { value: 'team', label: 'Team' },
            ]}
          />
          {canCreate ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} aria-keyshortcuts="N" onClick={() => openTask('new')}>
              New task
            </Button>
          ) : null}
          <ActionIcon variant="default" size="lg" aria-label="Keyboard shortcuts" aria-keyshortcuts="Shift+?" onClick={() => setHelp(true)}>
            <IconKeyboard size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      {!id ? (
        <Alert>No project yet: start one from New project.</Alert>
      ) : view === 'board' ? (
        <TaskBoard projectId={id} q={q} open={openTask} />
      ) : view === 'list' ? (
        <div ref={listRef}>
          <TaskList projectId={id} open={openTask} />
        </div>
      ) : (
        <Capacity projectId={id} />
      )}
      <ShortcutsHelp opened={help} onClose={() => setHelp(false)} />
      {id && task ? (
        <Suspense fallback={null}>
          <ProjectRecordDrawer path={TASKS} id={task} projectId={id} close={() => openTask(null)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
