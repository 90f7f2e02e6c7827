import {
  closestCorners,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Card as MCard,
  Paper,
  Progress,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconKeyboard, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, request } from '../../api/client';
import { useResourceMeta } from '../../api/get-resources-meta';
import { ResourceList } from '../../kit/resource-list';
import { subscribeLive } from '../../lib/live';
import { type Board, type Card, label, TASKS, useCurrentProject } from './api';
import { ShortcutsHelp, useBoardShortcuts } from './board-shortcuts';
import { ProjectPicker } from './project-picker';

// The form loads when a task is opened, not with the board.
const TaskDrawer = lazy(() => import('./task-drawer'));

const PRIORITY: Record<string, string> = { low: 'gray', medium: 'blue', high: 'yellow', urgent: 'red' };

function TaskCard({ card, open }: { card: Card; open: (id: string) => void }) {
  const sortable = useSortable({ id: card.id, data: { status: card.status } });
  const style = {
    transform: sortable.transform ? `translate3d(${sortable.transform.x}px, ${sortable.transform.y}px, 0)` : undefined,
    transition: sortable.transition,
    opacity: sortable.isDragging ? 0.5 : 1,
  };
  return (
    <MCard
      ref={sortable.setNodeRef}
      {...sortable.attributes}
      {...sortable.listeners}
      withBorder
      padding="xs"
      data-task={card.title}
      // A click opens the task (a drag starts only after the pointer moves 4 px, so it is no click).
      onClick={() => open(card.id)}
      style={{ ...style, cursor: 'pointer' }}
    >
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
    </MCard>
  );
}

function Column({ status, count, cards, open }: { status: string; count: number; cards: Card[]; open: (id: string) => void }) {
  const drop = useDroppable({ id: `column:${status}`, data: { status } });
  return (
    <Paper
      ref={drop.setNodeRef}
      withBorder
      p="xs"
      w={260}
      bg={drop.isOver ? 'var(--mantine-color-default-hover)' : undefined}
      aria-label={`${label(status)} column`}
      data-column={status}
    >
      <Group justify="space-between" mb="xs">
        <Title order={3} size="sm">
          {label(status)}
        </Title>
        <Badge variant="light">{count}</Badge>
      </Group>
      <SortableContext items={cards.map((c) => c.id)} strategy={verticalListSortingStrategy}>
        <Stack gap="xs" mih={60}>
          {cards.map((c) => (
            <TaskCard key={c.id} card={c} open={open} />
          ))}
        </Stack>
      </SortableContext>
    </Paper>
  );
}

/** Where a drop lands: its column and the cards above and below it there. */
function target(board: Board, event: DragEndEvent) {
  const over = event.over;
  if (!over) return null;
  const overId = String(over.id);
  const status = overId.startsWith('column:') ? overId.slice(7) : (over.data.current?.status as string | undefined);
  if (!status) return null;
  const cards = board.columns.find((c) => c.status === status)?.cards.filter((c) => c.id !== event.active.id) ?? [];
  if (overId.startsWith('column:')) return { status, beforeId: cards.at(-1)?.id ?? null, afterId: null };
  const index = cards.findIndex((c) => c.id === overId);
  const from = board.columns.flatMap((c) => c.cards).findIndex((c) => c.id === event.active.id);
  const to = board.columns.flatMap((c) => c.cards).findIndex((c) => c.id === overId);
  // Dropped on a card: above it when coming from higher up in the same column, else below it.
  const below = event.active.data.current?.status === status && from < to;
  return below
    ? { status, beforeId: cards[index]?.id ?? null, afterId: cards[index + 1]?.id ?? null }
    : { status, beforeId: cards[index - 1]?.id ?? null, afterId: cards[index]?.id ?? null };
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

function TaskBoard({ projectId, q, open }: { projectId: string; q: string; open: (id: string) => void }) {
  const client = useQueryClient();
  const key = ['builder', 'board', projectId, q];
  const board = useQuery({
    queryKey: key,
    queryFn: () =>
      request<{ data: Board }>('GET', `/api/v1/builder/projects/${projectId}/board`, { query: { q: q || undefined } }).then((r) => r.data),
  });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // Another tab's (or person's) move reaches this board live.
  useEffect(
    () =>
      subscribeLive((event) => {
        if (event !== null && !event.event.startsWith('builder.task.')) return;
        const boards = ['builder', 'board', projectId];
        const to = event?.data.data as Placement | undefined;
        if (event?.event === 'builder.task.moved' && to?.projectId === projectId) {
          client.setQueriesData<Board>({ queryKey: boards }, (board) => (board ? placeCard(board, to) : board));
        }
        void client.invalidateQueries({ queryKey: boards });
      }),
    [client, projectId],
  );
  async function onDragEnd(event: DragEndEvent) {
    if (!board.data) return;
    const to = target(board.data, event);
    if (!to) return;
    try {
      const { data } = await request<{ data: Placement & { id: string } }>('POST', `/api/v1/builder/tasks/${event.active.id}/move`, {
        body: to,
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
    <DndContext sensors={sensors} collisionDetection={closestCorners} onDragEnd={onDragEnd}>
      <ScrollArea>
        <Group align="flex-start" wrap="nowrap" gap="sm">
          {board.data.columns.map((c) => (
            <Column key={c.status} {...c} open={open} />
          ))}
        </Group>
      </ScrollArea>
    </DndContext>
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
          <TaskDrawer id={task} projectId={id} close={() => openTask(null)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
