import { z } from 'zod';
import {
  type CompatCall,
  type CompatEntry,
  compatId,
  compatScope,
  compatTable,
  crudLines,
  Envelope,
  firstOf,
  inCompatTx,
} from '../../../kernel/compat';
import { errors } from '../../../kernel/resources';
import { countContacts, MAX_PAGE, memberCursor, pageContacts, segmentCondition } from './matching';
import { addMembers, contactIdsInput, removeMembers, segmentIn } from './membership';
import { audiencesResource } from './resources/audiences';
import { segmentTypesResource } from './resources/segment-types';
import { segmentsResource } from './resources/segments';
import { memberJson } from './routes';

/**
 * The seeds' /marcom/segment/* and /marcom/audience/* calls (service `content`). Their payloads are
 * not shown in the seeds, so each call takes the v1 field names and the names the old console used
 * (segmentName, segmentType, users, segments …); answers are the v1 records in the data envelope.
 */

type Handle = CompatEntry['handle'];

const scopeOf = compatScope;
const inTx = inCompatTx;

const pick = firstOf;

const idFrom = (call: CompatCall, field: string, ...aliases: string[]) => compatId(call, field, field, ...aliases);

/** One contact id or many, under any of the old names; a list of contact objects gives their ids. */
function contactIdsFrom(call: CompatCall): string[] {
  const raw = pick(call.body, 'contactIds', 'contactId', 'userIds', 'userId', 'users', 'members');
  const list = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map((v) =>
    v && typeof v === 'object' ? ((v as Record<string, unknown>).id ?? (v as Record<string, unknown>)._id) : v,
  );
  const parsed = contactIdsInput.safeParse(list);
  if (!parsed.success) throw errors.validation({ contactIds: parsed.error.issues[0]?.message ?? 'A list of contact ids' });
  return parsed.data;
}

/** A segment body in v1 names: name, description, typeId, kind, rules. */
function segmentInput(body: Record<string, unknown>) {
  const rules = pick(body, 'rules', 'conditions', 'filters');
  const kind = pick(body, 'kind') ?? (rules !== undefined ? 'dynamic' : 'static');
  return Object.fromEntries(
    Object.entries({
      name: pick(body, 'name', 'segmentName', 'title'),
      description: pick(body, 'description'),
      typeId: pick(body, 'typeId', 'segmentTypeId', 'segmentType'),
      kind,
      rules,
    }).filter(([, v]) => v !== undefined),
  );
}

/** Creates a segment; a static one may come with its first members (`contactIds` / `users`). */
const createSegment: Handle = (call) =>
  inTx(call, async (tx, scope) => {
    const segment = await segmentsResource.createIn(tx, scope, segmentInput(call.body));
    const hasMembers = pick(call.body, 'contactIds', 'contactId', 'userIds', 'userId', 'users', 'members') !== undefined;
    if (!hasMembers) return segment;
    const added = await addMembers(tx, scope.tenantId, segment.id, contactIdsFrom(call));
    return { ...segment, contactCount: added.contactCount };
  });

const segmentIdOf = (call: CompatCall) => idFrom(call, 'segmentId', 'id', 'segment_id');
const addMember: Handle = (call) => inTx(call, (tx, s) => addMembers(tx, s.tenantId, segmentIdOf(call), contactIdsFrom(call)));
const removeMember: Handle = (call) => inTx(call, (tx, s) => removeMembers(tx, s.tenantId, segmentIdOf(call), contactIdsFrom(call)));

const memberPage = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE).default(50),
  cursor: memberCursor.optional(),
});

/** A segment's contacts by keyset cursor; the first page (no cursor) also carries the total. */
const segmentUsers: Handle = async (call) => {
  const page = memberPage.safeParse({ limit: call.body.limit ?? undefined, cursor: pick(call.body, 'cursor', 'nextCursor') });
  if (!page.success) throw errors.validation(Object.fromEntries(page.error.issues.map((i) => [i.path.join('.'), i.message])));
  return inTx(call, async (tx, scope) => {
    const segment = await segmentIn(tx, scope.tenantId, segmentIdOf(call));
    const condition = segmentCondition(segment);
    const result = await pageContacts(tx, scope.tenantId, condition, page.data);
    const count = page.data.cursor ? null : await countContacts(tx, scope.tenantId, condition);
    return new Envelope(result.data.map(memberJson), {
      nextCursor: result.nextCursor,
      limit: page.data.limit,
      ...(count ? { total: count.total, totalIsEstimate: count.totalIsEstimate } : {}),
    });
  });
};

/** An audience body in v1 names: name, description, channel, includeSegmentIds, excludeSegmentIds. */
function audienceInput(body: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries({
      name: pick(body, 'name', 'audienceName', 'title'),
      description: pick(body, 'description'),
      channel: pick(body, 'channel', 'type'),
      includeSegmentIds: pick(body, 'includeSegmentIds', 'segmentIds', 'segments', 'include'),
      excludeSegmentIds: pick(body, 'excludeSegmentIds', 'excludedSegmentIds', 'exclusions', 'exclude'),
    }).filter(([, v]) => v !== undefined),
  );
}

const addAudience: Handle = (call) => audiencesResource.create(scopeOf(call), audienceInput(call.body));
const updateAudience: Handle = (call) =>
  audiencesResource.update(scopeOf(call), idFrom(call, 'id', 'audienceId'), audienceInput(call.body));

/** Several audiences in one call, all or none (`audiences`, or a bare JSON array). */
const addMultipleAudience: Handle = (call) => {
  const list = pick(call.body, 'audiences', 'items');
  if (!Array.isArray(list) || list.length === 0 || list.length > 50) {
    throw errors.validation({ audiences: 'A list of 1 to 50 audiences' });
  }
  return inTx(call, async (tx, scope) => {
    const created = [];
    for (const [i, item] of list.entries()) {
      try {
        created.push(await audiencesResource.createIn(tx, scope, audienceInput((item ?? {}) as Record<string, unknown>)));
      } catch (err) {
        // Name the failing item: "audiences.2.name".
        const e = err as { status?: number; fields?: Record<string, string> };
        if (e.status === 400 && e.fields) {
          throw errors.validation(Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [`audiences.${i}.${k}`, v])));
        }
        throw err;
      }
    }
    return created;
  });
};

export const segmentsCompat: CompatEntry[] = compatTable([
  crudLines('content', segmentTypesResource, { add: '/marcom/segment/segmentType', get: '/marcom/segment/getAllSegmentType' }),
  crudLines('content', segmentsResource, { get: '/marcom/segment/getAll', delete: '/marcom/segment/delete' }),
  ['content', 'POST', '/marcom/segment/create', 'marketing-segments:write', createSegment],
  ['content', 'POST', '/marcom/segment/addMember', 'marketing-segments:write', addMember],
  ['content', 'POST', '/marcom/segment/removeMember', 'marketing-segments:write', removeMember],
  ['content', 'POST', '/marcom/segment/getAllSegmentUser', 'marketing-segments:read', segmentUsers],
  ['content', 'POST', '/marcom/audience/addAudience', 'marketing-segments:write', addAudience],
  ['content', 'POST', '/marcom/audience/update', 'marketing-segments:write', updateAudience],
  crudLines('content', audiencesResource, { delete: '/marcom/audience/delete' }),
  ['content', 'POST', '/marcom/audience/addMultipleAudience', 'marketing-segments:write', addMultipleAudience],
]);
