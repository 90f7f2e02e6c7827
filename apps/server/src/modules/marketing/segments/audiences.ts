import { and, eq, inArray, not, or, type SQL } from 'drizzle-orm';
import { type Db, errors, tenantFilter } from '../../../kernel/resources';
import { rowById } from '../row-by-id';
import type { Channel } from '../tables/contacts';
import { marketingAudiences, marketingSegments } from '../tables/segments';
import { type Count, countContacts, matchingContacts, pageContacts, parseMemberCursor, segmentCondition, storedCount } from './matching';
import { sendableOn } from './sendable';

/**
 * An audience: contacts in any included segment (every contact when none is named), minus those in
 * any excluded segment, who are sendable on the audience's channel (opted in, an address, not
 * suppressed: sendable.ts). Every count and member list of an audience is this one condition.
 */

export interface AudienceShape {
  channel: Channel;
  includeSegmentIds: string[];
  excludeSegmentIds: string[];
}

/** The audience's condition over marketing_contacts (one query loads its segments). */
export async function audienceCondition(tx: Db, tenantId: string, audience: AudienceShape, now = new Date()): Promise<SQL> {
  const ids = [...new Set([...audience.includeSegmentIds, ...audience.excludeSegmentIds])];
  const segments = ids.length
    ? await tx
        .select({ id: marketingSegments.id, kind: marketingSegments.kind, rules: marketingSegments.rules })
        .from(marketingSegments)
        .where(and(tenantFilter(marketingSegments, tenantId), inArray(marketingSegments.id, ids)))
    : [];
  const byId = new Map(segments.map((s) => [s.id, s]));
  const conditions = (list: string[], field: string) =>
    list.map((id) => {
      const segment = byId.get(id);
      if (!segment) throw errors.validation({ [field]: `No such segment: ${id}` });
      return segmentCondition(segment, now);
    });
  const included = conditions(audience.includeSegmentIds, 'includeSegmentIds');
  const excluded = conditions(audience.excludeSegmentIds, 'excludeSegmentIds');
  return and(
    included.length ? or(...included) : undefined,
    excluded.length ? not(or(...excluded) as SQL) : undefined,
    sendableOn(audience.channel),
  ) as SQL;
}

export async function countAudience(tx: Db, tenantId: string, audience: AudienceShape): Promise<Count> {
  return countContacts(tx, tenantId, await audienceCondition(tx, tenantId, audience));
}

async function audienceIn(tx: Db, tenantId: string, id: string) {
  const audience = await rowById(tx, marketingAudiences, tenantId, id);
  if (!audience) throw errors.notFound('Audience');
  return audience;
}

/**
 * For the campaigns issue: the select of an audience's sendable contacts on `channel` (default: the
 * audience's own): its count, its ids (a select to join or insert from), and pages of contacts
 * (matching.ts memberColumns), newest first by keyset cursor, to send in batches:
 *
 *   const q = await audienceMembersQuery(tx, tenantId, audienceId);
 *   for (let cursor; ; ) { const p = await q.page(cursor, 500); … ; if (!p.nextCursor) break; cursor = p.nextCursor; }
 *
 * The order, (created_at, id), never changes for a contact, so no one is skipped or sent twice. Consent
 * and suppression are evaluated when each page is read, so a contact who unsubscribed after the
 * campaign was scheduled is not in the next batch.
 */
export async function audienceMembersQuery(tx: Db, tenantId: string, audienceId: string, channel?: Channel) {
  const audience = await audienceIn(tx, tenantId, audienceId);
  const on = channel ?? audience.channel;
  const condition = await audienceCondition(tx, tenantId, { ...audience, channel: on });
  return {
    audience,
    channel: on,
    condition,
    count: () => countContacts(tx, tenantId, condition),
    ids: () => matchingContacts(tx, tenantId, condition),
    /** `cursor`: nextCursor of the previous page (none for the first). */
    page: (cursor: string | null | undefined, limit: number) =>
      pageContacts(tx, tenantId, condition, { limit, cursor: cursor ? parseMemberCursor(cursor) : undefined }),
  };
}

/** Stores a fresh count on the audience row (after consent and suppression on its channel). */
export async function storeAudienceCount(tx: Db, tenantId: string, id: string): Promise<Count> {
  const audience = await audienceIn(tx, tenantId, id);
  const count = await countAudience(tx, tenantId, audience);
  await tx
    .update(marketingAudiences)
    .set(storedCount(count))
    .where(and(tenantFilter(marketingAudiences, tenantId), eq(marketingAudiences.id, id)));
  return count;
}
