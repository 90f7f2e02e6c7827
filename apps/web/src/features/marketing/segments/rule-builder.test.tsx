import { describe, expect, it } from 'vitest';
import { completeTree, isComplete, newRule } from './rule-builder';

describe('the rule builder keeps half-filled conditions out of counts', () => {
  it('a new condition of each kind is complete only once it has what the server needs', () => {
    expect(isComplete(newRule('tags'))).toBe(false);
    expect(isComplete({ type: 'tags', op: 'any', values: ['vip'] })).toBe(true);
    expect(isComplete(newRule('consent'))).toBe(true);
    expect(isComplete(newRule('created'))).toBe(true);
    expect(isComplete({ type: 'created', op: 'before', date: '' })).toBe(false);
    expect(isComplete({ type: 'created', op: 'before', date: '2026-01-31' })).toBe(true);
    expect(isComplete(newRule('attribute'))).toBe(false);
    expect(isComplete({ type: 'attribute', key: 'plan', op: 'exists' })).toBe(true);
    expect(isComplete({ type: 'attribute', key: 'spend', op: 'greater', value: 0 })).toBe(true);
  });

  it('drops incomplete conditions and groups left empty, keeping the joiners', () => {
    expect(
      completeTree({
        op: 'or',
        rules: [
          newRule('tags'),
          { type: 'consent', channel: 'sms', status: 'opted_in' },
          { type: 'group', op: 'and', rules: [newRule('country')] },
          { type: 'group', op: 'and', rules: [newRule('country'), { type: 'language', op: 'in', values: ['hi'] }] },
        ],
      }),
    ).toEqual({
      op: 'or',
      rules: [
        { type: 'consent', channel: 'sms', status: 'opted_in' },
        { type: 'group', op: 'and', rules: [{ type: 'language', op: 'in', values: ['hi'] }] },
      ],
    });
  });
});
