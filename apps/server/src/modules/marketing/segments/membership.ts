import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, errors, tenantFilter } from '../../../kernel/resources';
import { rowById } from '../row-by-id';
import { marketingContacts } from '../tables/contacts';
import { marketingSegmentMembers as m, marketingSegments } from '../tables/segments';
import { type Count, countContacts, segmentCondition, storedCount } from './matching';

/** A static segment's members: added and removed by contact id, one or many per call. */

export const MAX_MEMBERS_PER_CALL = 1000;
export const contactIdsInput = z.array(z.uuid('Not a valid id')).min(1, 'Name at least one contact').max(MAX_MEMBERS_PER_CALL);

type Segment = typeof marketingSegments.$inferSelect;

/** The segment, or 404 (another community's is invisible under row-level security). */
export async function segmentIn(tx: Db, tenantId: string, id: string): Promise<Segment> {
  const segment = await rowById(tx, marketingSegments, tenantId, id);
  if (!segment) throw errors.notFound('Segment');
  return segment;
}

async function staticSegment(tx: Db, tenantId: string, id: string): Promise<Segment> {
  const segment = await segmentIn(tx, tenantId, id);
  if (segment.kind !== 'static') {
    throw errors.validation({ segmentId: 'A dynamic segment’s members come from its rules: change the rules instead' });
  }
  return segment;
}

/** Stores a fresh count on the segment row (shown by lists without re-counting). */
export async function storeSegmentCount(tx: Db, tenantId: string, segment: Segment): Promise<Count> {
  const count = await countContacts(tx, tenantId, segmentCondition(segment));
  await tx
    .update(marketingSegments)
    .set(storedCount(count))
    .where(and(tenantFilter(marketingSegments, tenantId), eq(marketingSegments.id, segment.id)));
  return count;
}

export async function addMembers(tx: Db, tenantId: string, segmentId: string, contactIds: string[]) {
  const segment = await staticSegment(tx, tenantId, segmentId);
  const ids = [...new Set(contactIds)];
  const found = await tx
    .select({ id: marketingContacts.id })
    .from(marketingContacts)
    .where(and(tenantFilter(marketingContacts, tenantId), inArray(marketingContacts.id, ids)));
  if (found.length !== ids.length) {
    const known = new Set(found.map((r) => r.id));
    const missing = ids.filter((id) => !known.has(id));
    throw errors.validation({ contactIds: `No such contact: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ' …' : ''}` });
  }
  const inserted = await tx
    .insert(m)
    .values(ids.map((contactId) => ({ tenantId, segmentId, contactId })))
    .onConflictDoNothing({ target: [m.tenantId, m.segmentId, m.contactId] })
    .returning({ id: m.id });
  const count = await storeSegmentCount(tx, tenantId, segment);
  return { segmentId, added: inserted.length, alreadyMembers: ids.length - inserted.length, contactCount: count.total };
}

export async function removeMembers(tx: Db, tenantId: string, segmentId: string, contactIds: string[]) {
  const segment = await staticSegment(tx, tenantId, segmentId);
  const removed = await tx
    .delete(m)
    .where(and(tenantFilter(m, tenantId), eq(m.segmentId, segmentId), inArray(m.contactId, [...new Set(contactIds)])))
    .returning({ id: m.id });
  const count = await storeSegmentCount(tx, tenantId, segment);
  return { segmentId, removed: removed.length, contactCount: count.total };
}
