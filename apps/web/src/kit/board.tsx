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
import { Badge, Button, Group, Card as MCard, Paper, ScrollArea, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A board of cards in columns (Linear's, Jira's): drag and drop between columns and, when the
 * order is kept, within one; the keyboard moves a card too (space picks it up, arrows move it, space
 * drops it). A column shows its count and, when it holds more than it loaded, "Load more".
 */

export interface BoardItem {
  id: string;
}

export interface BoardColumn<T extends BoardItem> {
  key: string;
  label: string;
  count: number;
  items: T[];
}

/** Where a card was dropped: its column and the cards above (`beforeId`) and below (`afterId`) it there. */
export interface BoardDrop {
  id: string;
  from: string;
  column: string;
  beforeId: string | null;
  afterId: string | null;
}

export interface BoardProps<T extends BoardItem> {
  columns: BoardColumn<T>[];
  /** The card's content (the board draws its frame). */
  renderCard: (item: T) => ReactNode;
  onOpen?: (item: T) => void;
  onMove: (drop: BoardDrop) => void | Promise<void>;
  /** Asked for a column's next cards; offered while it shows fewer than its count. */
  onLoadMore?: (column: string) => void;
  /** The column whose next cards are on their way. */
  loadingMore?: string | null;
  /** Attributes of a card's frame (e.g. `data-task` for tests and styling). */
  cardProps?: (item: T) => Record<string, string>;
  /** false: a column keeps its own order (by date, say), so a drop only changes the column. */
  ordered?: boolean;
  columnWidth?: number;
}

function BoardCard<T extends BoardItem>({
  item,
  column,
  children,
  onOpen,
  extra,
}: {
  item: T;
  column: string;
  children: ReactNode;
  onOpen?: (item: T) => void;
  extra?: Record<string, string>;
}) {
  const sortable = useSortable({ id: item.id, data: { column } });
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
      {...extra}
      withBorder
      padding="xs"
      // A click opens the card (a drag starts only after the pointer moves 4 px, so it is no click).
      onClick={onOpen ? () => onOpen(item) : undefined}
      style={{ ...style, cursor: onOpen ? 'pointer' : 'grab' }}
    >
      {children}
    </MCard>
  );
}

function Column<T extends BoardItem>({ column, props }: { column: BoardColumn<T>; props: BoardProps<T> }) {
  const drop = useDroppable({ id: `column:${column.key}`, data: { column: column.key } });
  const more = column.count - column.items.length;
  return (
    <Paper
      ref={drop.setNodeRef}
      withBorder
      p="xs"
      w={props.columnWidth ?? 260}
      bg={drop.isOver ? 'var(--mantine-color-default-hover)' : undefined}
      aria-label={`${column.label} column`}
      data-column={column.key}
    >
      <Group justify="space-between" mb="xs">
        <Title order={3} size="sm">
          {column.label}
        </Title>
        <Badge variant="light">{column.count}</Badge>
      </Group>
      <SortableContext items={column.items.map((c) => c.id)} strategy={verticalListSortingStrategy}>
        <Stack gap="xs" mih={60}>
          {column.items.map((item) => (
            <BoardCard key={item.id} item={item} column={column.key} onOpen={props.onOpen} extra={props.cardProps?.(item)}>
              {props.renderCard(item)}
            </BoardCard>
          ))}
        </Stack>
      </SortableContext>
      {props.onLoadMore && more > 0 ? (
        <Button
          variant="subtle"
          size="xs"
          fullWidth
          mt="xs"
          loading={props.loadingMore === column.key}
          onClick={() => props.onLoadMore?.(column.key)}
          aria-label={`Load more of ${column.label} (${more} more)`}
        >
          Load more ({more})
        </Button>
      ) : null}
    </Paper>
  );
}

/** Where a drop lands: its column and its neighbours there (exported for tests). */
export function dropTarget<T extends BoardItem>(columns: BoardColumn<T>[], event: DragEndEvent, ordered = true): BoardDrop | null {
  const over = event.over;
  if (!over) return null;
  const id = String(event.active.id);
  const from = event.active.data.current?.column as string | undefined;
  const overId = String(over.id);
  const column = overId.startsWith('column:') ? overId.slice(7) : (over.data.current?.column as string | undefined);
  if (!column || !from) return null;
  if (!ordered) return column === from ? null : { id, from, column, beforeId: null, afterId: null };
  const cards = columns.find((c) => c.key === column)?.items.filter((c) => c.id !== id) ?? [];
  if (overId.startsWith('column:')) return { id, from, column, beforeId: cards.at(-1)?.id ?? null, afterId: null };
  const index = cards.findIndex((c) => c.id === overId);
  const all = columns.flatMap((c) => c.items);
  // Dropped on a card: above it when coming from higher up in the same column, else below it.
  const below = from === column && all.findIndex((c) => c.id === id) < all.findIndex((c) => c.id === overId);
  return below
    ? { id, from, column, beforeId: cards[index]?.id ?? null, afterId: cards[index + 1]?.id ?? null }
    : { id, from, column, beforeId: cards[index - 1]?.id ?? null, afterId: cards[index]?.id ?? null };
}

export function Board<T extends BoardItem>(props: BoardProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  function onDragEnd(event: DragEndEvent) {
    const to = dropTarget(props.columns, event, props.ordered ?? true);
    if (to) void props.onMove(to);
  }
  return (
    <DndContext sensors={sensors} collisionDetection={closestCorners} onDragEnd={onDragEnd}>
      <ScrollArea>
        <Group align="flex-start" wrap="nowrap" gap="sm">
          {props.columns.map((c) => (
            <Column key={c.key} column={c} props={props} />
          ))}
        </Group>
      </ScrollArea>
    </DndContext>
  );
}
