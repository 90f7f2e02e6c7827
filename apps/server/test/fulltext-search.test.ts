import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestCommunity } from './helpers';

/**
 * Prose fields declared `{ field, kind: 'fulltext' }` (blog post bodies here) are searched by words
 * with websearch syntax and, when no sort is asked for, ranked by ts_rank; the cursor walks the
 * ranked order. (Index use at 100,000 rows: list-scale.test.ts.)
 */

let t: TestApp;
let a: TestCommunity;
const ids: Record<string, string> = {};

const POSTS = {
  // "terrazzo" three times in a short body: the best match.
  dense: { title: 'Floor care', body: '<p>Terrazzo, terrazzo and more terrazzo: sealing a polished floor.</p>' },
  // Once, in a longer body.
  sparse: {
    title: 'Site diary',
    body: '<p>We poured the slab, fixed the window frames, hung the doors, laid the roof and finally a <em>terrazzo</em> strip at the entrance.</p>',
  },
  // Only the title says it: found by substring, ranked last.
  titled: { title: 'Terrazzo price list', body: '<p>Prices change every quarter.</p>' },
  // Neither.
  other: { title: 'Oak decking', body: '<p>Oiled oak boards for the veranda.</p>' },
};

beforeAll(async () => {
  t = await startTestApp();
  a = await t.signup();
  for (const [key, post] of Object.entries(POSTS)) {
    const res = await t.request({ method: 'POST', url: '/api/v1/site/blogs', payload: post, as: a });
    expect(res.statusCode, res.body).toBe(201);
    ids[res.json().data.id] = key;
  }
});
afterAll(() => t?.close());

const search = async (query: string) => {
  const res = await t.request({ method: 'GET', url: `/api/v1/site/blogs?${query}`, as: a });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { id: string; body: string }[]; total: number; nextCursor: string | null };
};
const keys = (body: { data: { id: string }[] }) => body.data.map((r) => ids[r.id]);

describe('full-text search of prose', () => {
  it('ranks the best matches first when no sort is asked for', async () => {
    const body = await search('q=terrazzo');
    expect(keys(body)).toEqual(['dense', 'sparse', 'titled']);
    expect(body.total).toBe(3);
    // No ranking field leaks into the records.
    expect(Object.keys(body.data[0])).not.toContain('__cursorValue');
  });

  it('pages the ranked order by cursor without repeating or skipping', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const body = await search(`q=terrazzo&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...keys(body));
      expect(body.total).toBe(3);
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['dense', 'sparse', 'titled']);
  });

  it('keeps an explicit sort', async () => {
    expect(keys(await search('q=terrazzo&sort=title'))).toEqual(['dense', 'sparse', 'titled']);
    expect(keys(await search('q=terrazzo&sort=-title'))).toEqual(['titled', 'sparse', 'dense']);
  });

  it('matches words, not substrings: stems, phrases, or, exclusions', async () => {
    expect(keys(await search('q=floors'))).toEqual(['dense']); // "floor" stemmed
    expect(keys(await search('q=%22oiled%20oak%22'))).toEqual(['other']);
    expect(keys(await search('q=%22oak%20oiled%22'))).toEqual([]);
    expect(new Set(keys(await search('q=veranda%20or%20slab')))).toEqual(new Set(['other', 'sparse']));
    // The prose by words; the titles still by substring of the whole text, which none contains.
    expect(keys(await search('q=terrazzo%20-polished'))).toEqual(['sparse']);
    // Markup is not text: a tag name finds nothing.
    expect(keys(await search('q=em'))).toEqual([]);
  });

  it('refuses a cursor that is not a rank', async () => {
    const bad = Buffer.from(JSON.stringify(['high', '00000000-0000-4000-8000-000000000001'])).toString('base64url');
    const res = await t.request({ method: 'GET', url: `/api/v1/site/blogs?q=terrazzo&cursor=${bad}`, as: a });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('cursor');
  });

  it('searches the other community not at all', async () => {
    const b = await t.signup();
    const res = await t.request({ method: 'GET', url: '/api/v1/site/blogs?q=terrazzo', as: b });
    expect(res.json()).toMatchObject({ data: [], total: 0 });
  });
});
