import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows, tenantFilter } from '../../../kernel/resources';
import { marketingContacts as c } from '../tables/contacts';
import { marketingSegments } from '../tables/segments';
import { segmentCondition } from './matching';

/** At most this many segments are checked for one contact (a community has tens, not thousands). */
const MAX_SEGMENTS = 500;

/**
 * The segments one contact is in now, static and dynamic, in one query (each segment's condition
 * checked against that one row): the contact page shows them.
 */
export async function segmentsOfContact(tx: Db, tenantId: string, contactId: string) {
  const segments = await tx
    .select({ id: marketingSegments.id, name: marketingSegments.name, kind: marketingSegments.kind, rules: marketingSegments.rules })
    .from(marketingSegments)
    .where(tenantFilter(marketingSegments, tenantId))
    .orderBy(asc(marketingSegments.name))
    .limit(MAX_SEGMENTS);
  if (segments.length === 0) return [];
  const checks = segments.map(
    (s) =>
      sql`select ${s.id}::uuid as id where exists (select 1 from ${c} where ${and(tenantFilter(c, tenantId), eq(c.id, contactId), segmentCondition(s))})`,
  );
  const result = await queryRows<{ id: string }>(tx, sql.join(checks, sql` union all `));
  const inside = new Set(result.map((r) => r.id));
  return segments.filter((s) => inside.has(s.id)).map(({ id, name, kind }) => ({ id, name, kind }));
}
