import { describe, expect, it } from 'vitest';
import { sameView } from '../src/kit/list-views';

describe('sameView: a link that says what the remembered view says', () => {
  const view = { q: 'tiles', sort: '-createdAt', filters: { status: ['published', 'draft'], category: ['a'] } };
  it('is the view whatever the order of filters and values, and an empty filter is no filter', () => {
    expect(sameView(view, { q: 'tiles', sort: '-createdAt', filters: { category: ['a'], status: ['draft', 'published'], tag: [] } })).toBe(
      true,
    );
  });
  it('is not the view when the search, the sort or a filter differs', () => {
    expect(sameView(view, { ...view, q: 'tile' })).toBe(false);
    expect(sameView(view, { ...view, sort: 'name' })).toBe(false);
    expect(sameView(view, { ...view, filters: { status: ['published'], category: ['a'] } })).toBe(false);
  });
});
