import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/kernel/db/database';
import { totalEstimates } from '../src/kernel/resources/total-estimates';

/** The planner's estimates of list sizes are reused per community and filter, for a minute; nothing else is. */
describe('total estimates', () => {
  const tenant = '00000000-0000-4000-8000-000000000001';
  const other = '00000000-0000-4000-8000-000000000002';

  it('asks the planner once per community and filter, the time of a scope counted to the minute', async () => {
    const estimates = totalEstimates({} as Database);
    let asked = 0;
    const ask = (n: number) => async () => {
      asked++;
      return n;
    };
    const published = (at: string) => sql`select 1 from t where status = ${'published'} and publish_at <= ${at}`;
    expect(await estimates.get(tenant, published('2026-11-28T07:00:01.123Z'), ask(8_600))).toBe(8_600);
    // The same filter a few seconds later in the same minute: reused.
    expect(await estimates.get(tenant, published('2026-11-28T07:00:42.000Z'), ask(1))).toBe(8_600);
    expect(asked).toBe(1);
    // Another minute, another filter value, another community: asked again.
    expect(await estimates.get(tenant, published('2026-11-28T07:01:00.000Z'), ask(8_700))).toBe(8_700);
    expect(await estimates.get(tenant, sql`select 1 from t where status = ${'draft'}`, ask(40))).toBe(40);
    expect(await estimates.get(other, published('2026-11-28T07:00:01.123Z'), ask(3))).toBe(3);
    expect(asked).toBe(4);
  });

  it('keeps each database’s estimates apart', async () => {
    const q = sql`select 1 from t where name ilike ${'%walnut%'}`;
    expect(await totalEstimates({} as Database).get(tenant, q, async () => 10)).toBe(10);
    expect(await totalEstimates({} as Database).get(tenant, q, async () => 20)).toBe(20);
  });
});
