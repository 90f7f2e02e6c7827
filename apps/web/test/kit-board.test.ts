import type { DragEndEvent } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { type BoardColumn, dropTarget } from '../src/kit/board';

const columns: BoardColumn<{ id: string }>[] = [
  { key: 'todo', label: 'To do', count: 3, items: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] },
  { key: 'done', label: 'Done', count: 1, items: [{ id: 'd' }] },
];

/** A drag of `active` (from `from`) ending over a card or a column (`column:<key>`). */
const drag = (active: string, from: string, over: string | null, overColumn?: string) =>
  ({
    active: { id: active, data: { current: { column: from } } },
    over: over ? { id: over, data: { current: overColumn ? { column: overColumn } : {} } } : null,
  }) as unknown as DragEndEvent;

describe('the kit board: where a drop lands', () => {
  it('on a column: its bottom', () => {
    expect(dropTarget(columns, drag('a', 'todo', 'column:done'))).toEqual({
      id: 'a',
      from: 'todo',
      column: 'done',
      beforeId: 'd',
      afterId: null,
    });
  });
  it('on a card of another column: above it', () => {
    expect(dropTarget(columns, drag('b', 'todo', 'd', 'done'))).toEqual({
      id: 'b',
      from: 'todo',
      column: 'done',
      beforeId: null,
      afterId: 'd',
    });
  });
  it('down within a column: below the card it is over; up: above it', () => {
    expect(dropTarget(columns, drag('a', 'todo', 'b', 'todo'))).toEqual({
      id: 'a',
      from: 'todo',
      column: 'todo',
      beforeId: 'b',
      afterId: 'c',
    });
    expect(dropTarget(columns, drag('c', 'todo', 'a', 'todo'))).toEqual({
      id: 'c',
      from: 'todo',
      column: 'todo',
      beforeId: null,
      afterId: 'a',
    });
  });
  it('unordered: only a change of column counts; nowhere is nothing', () => {
    expect(dropTarget(columns, drag('a', 'todo', 'b', 'todo'), false)).toBeNull();
    expect(dropTarget(columns, drag('a', 'todo', 'd', 'done'), false)).toEqual({
      id: 'a',
      from: 'todo',
      column: 'done',
      beforeId: null,
      afterId: null,
    });
    expect(dropTarget(columns, drag('a', 'todo', null))).toBeNull();
  });
});
