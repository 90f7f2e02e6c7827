import { describe, expect, it } from 'vitest';
import type { Board, Card } from './api';
import { placeCard } from './board-page';

const card = (id: string, status: string, position: number): Card => ({
  id,
  title: id,
  status,
  position,
  assigneeId: null,
  priority: 'medium',
  dueDate: null,
  labels: [],
});

const board: Board = {
  statuses: ['todo', 'done'],
  columns: [
    { status: 'todo', count: 3, cards: [card('a', 'todo', 1024), card('b', 'todo', 2048)] },
    { status: 'done', count: 1, cards: [card('c', 'done', 1024)] },
  ],
};

describe('placeCard (a move announced live, shown before the reload)', () => {
  it('moves the card to its column in position order and moves one from the count', () => {
    const next = placeCard(board, { id: 'b', status: 'done', position: 512 });
    expect(next.columns.map((c) => [c.status, c.count, c.cards.map((x) => x.id)])).toEqual([
      ['todo', 2, ['a']],
      ['done', 2, ['b', 'c']],
    ]);
    expect(board.columns[0].cards).toHaveLength(2); // the cached board is not changed in place
  });

  it('reorders within a column without changing its count', () => {
    const next = placeCard(board, { id: 'a', status: 'todo', position: 3000 });
    expect(next.columns[0]).toMatchObject({ count: 3, cards: [{ id: 'b' }, { id: 'a', position: 3000 }] });
  });

  it('leaves a card it has not loaded, or a column it does not have, to the reload', () => {
    expect(placeCard(board, { id: 'zz', status: 'done', position: 1 })).toBe(board);
    expect(placeCard(board, { id: 'a', status: 'archived', position: 1 })).toBe(board);
  });
});
