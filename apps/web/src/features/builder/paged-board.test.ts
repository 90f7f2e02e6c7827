import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../lib/live';
import { severityColor } from './issues-page';
import { appendPage, concerns, type PagedBoard } from './paged-board';

const board: PagedBoard<{ id: string }> = {
  statuses: ['Open', 'Closed'],
  columns: [
    { status: 'Open', count: 4, cards: [{ id: 'a' }, { id: 'b' }] },
    { status: 'Closed', count: 1, cards: [{ id: 'c' }] },
  ],
};

const live = (event: string, data: unknown): LiveEvent => ({ event, data: { id: 1, topic: null, data } });

describe('a paged board', () => {
  it('appends a page to its column only, without showing a card twice', () => {
    const next = appendPage(board, 'Open', [{ id: 'b' }, { id: 'd' }]);
    expect(next.columns[0].cards.map((c) => c.id)).toEqual(['a', 'b', 'd']);
    expect(next.columns[0].count).toBe(4);
    expect(next.columns[1]).toBe(board.columns[1]);
    expect(board.columns[0].cards.map((c) => c.id)).toEqual(['a', 'b']);
  });

  it('hears the live events of its own cards in its own project, and every resynchronisation', () => {
    expect(concerns(live('builder.issue.changed', { id: 'a', projectId: 'p1' }), 'builder.issue.', 'p1')).toBe(true);
    expect(concerns(live('builder.issue.changed', { id: 'a', projectId: 'p2' }), 'builder.issue.', 'p1')).toBe(false);
    expect(concerns(live('builder.task.moved', { id: 'a', projectId: 'p1' }), 'builder.issue.', 'p1')).toBe(false);
    expect(concerns(live('notification.created', { id: 'n' }), 'builder.task.', 'p1')).toBe(false);
    expect(concerns(null, 'builder.task.', 'p1')).toBe(true);
  });
});

describe('severity colours', () => {
  it('follow the place in the community’s severity list, most severe first', () => {
    const list = ['Critical', 'Major', 'Minor', 'Trivial'];
    expect(list.map((s) => severityColor(list, s))).toEqual(['red', 'orange', 'blue', 'gray']);
    expect(severityColor(['Blocker', 'Cosmetic'], 'Blocker')).toBe('red');
    expect(severityColor(['Blocker', 'Cosmetic'], 'Cosmetic')).toBe('gray');
    expect(severityColor(list, 'Unknown')).toBe('gray');
  });
});
