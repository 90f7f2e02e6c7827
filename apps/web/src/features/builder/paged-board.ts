import { notifications } from '@mantine/notifications';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { type LiveEvent, subscribeLive } from '../../lib/live';

/** A board as the server answers its first load: each status column's first cards and its count. */
export interface PagedBoard<C extends { id: string }> {
  statuses: string[];
  columns: { status: string; count: number; cards: C[] }[];
}

/** A column's next cards after one (the server's `…/column?status&afterId`). */
export interface ColumnPage<C> {
  cards: C[];
  more: boolean;
}

/** The board with `page` appended to the column `status` (a card it already shows is not shown twice). */
export function appendPage<C extends { id: string }>(board: PagedBoard<C>, status: string, page: C[]): PagedBoard<C> {
  return {
    ...board,
    columns: board.columns.map((c) => {
      if (c.status !== status) return c;
      const known = new Set(c.cards.map((x) => x.id));
      return { ...c, cards: [...c.cards, ...page.filter((x) => !known.has(x.id))] };
    }),
  };
}

/** What a live event says about a card: the server's announce (id, project, status, position). */
export interface LiveCard {
  id: string;
  projectId: string | null;
  status: string;
  position: number | null;
}

/**
 * Whether a live event concerns a board of `projectId` whose cards' events start with `prefix`
 * (`builder.task.`, `builder.issue.`): a card of that project changed, or the stream synchronised
 * again (null: whatever the board shows may be stale).
 */
export function concerns(event: LiveEvent | null, prefix: string, projectId: string): boolean {
  if (event === null) return true;
  if (!event.event.startsWith(prefix)) return false;
  return (event.data.data as Partial<LiveCard> | null)?.projectId === projectId;
}

export interface PagedBoardOptions<C extends { id: string }> {
  /** The query key of this board (project and filters); `scope` is the prefix every filter shares. */
  queryKey: QueryKey;
  scope: QueryKey;
  projectId: string;
  enabled?: boolean;
  first: () => Promise<PagedBoard<C>>;
  next: (status: string, afterId: string) => Promise<ColumnPage<C>>;
  /** The prefix of the live events of its cards, e.g. `builder.task.`. */
  live: string;
  /** Shows a live change at once, before the reload that follows brings the counts (optional). */
  place?: (board: PagedBoard<C>, card: LiveCard, event: string) => PagedBoard<C>;
}

/**
 * A board's data with "Load more" per column and live changes (the kit's SSE stream): a card moved
 * in another browser reloads the board, which keeps as many cards of each column as were loaded.
 * The task board and the issue board both read their columns through it.
 */
export function usePagedBoard<C extends { id: string }>(options: PagedBoardOptions<C>) {
  const { queryKey, scope, projectId, live, place } = options;
  const client = useQueryClient();
  // How many cards each column shows once "Load more" was used: a reload (a live move) keeps them.
  const depth = useRef<Record<string, number>>({});
  const [loadingMore, setLoadingMore] = useState<string | null>(null);
  const keyText = JSON.stringify(queryKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new project or filter starts from the first page
  useEffect(() => {
    depth.current = {};
  }, [keyText]);
  const board = useQuery({
    queryKey,
    enabled: options.enabled ?? true,
    queryFn: async () => {
      const first = await options.first();
      const columns = await Promise.all(
        first.columns.map(async (column) => {
          let cards = column.cards;
          let more = column.count > cards.length;
          while (more && cards.length > 0 && cards.length < (depth.current[column.status] ?? 0)) {
            const page = await options.next(column.status, cards[cards.length - 1].id);
            cards = [...cards, ...page.cards];
            more = page.more;
          }
          return { ...column, cards };
        }),
      );
      return { ...first, columns };
    },
  });
  async function loadMore(status: string) {
    const column = board.data?.columns.find((c) => c.status === status);
    const last = column?.cards.at(-1);
    if (!column || !last) return;
    setLoadingMore(status);
    try {
      const page = await options.next(status, last.id);
      client.setQueryData<PagedBoard<C>>(queryKey, (b) => (b ? appendPage(b, status, page.cards) : b));
      depth.current[status] = column.cards.length + page.cards.length;
    } catch (err) {
      notifications.show({ color: 'red', title: 'Not loaded', message: err instanceof ApiError ? err.message : 'Try again' });
    } finally {
      setLoadingMore(null);
    }
  }
  // Another tab's (or person's) change reaches this board live.
  const scopeText = JSON.stringify(scope);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scope is compared by its text
  useEffect(
    () =>
      subscribeLive((event) => {
        if (!concerns(event, live, projectId)) return;
        const card = event?.data.data as LiveCard | undefined;
        if (event && card && place) {
          client.setQueriesData<PagedBoard<C>>({ queryKey: scope }, (b) => (b ? place(b, card, event.event) : b));
        }
        void client.invalidateQueries({ queryKey: scope });
      }),
    [client, projectId, live, place, scopeText],
  );
  return { board, loadMore, loadingMore };
}
