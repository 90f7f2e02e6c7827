import { boolean, index, integer, jsonb, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { filterIndexes, instant, ref, refs, tenantTable } from '../../../kernel/resources';
import { CHANNELS, marketingContacts } from './contacts';

// Segments group contacts: a static segment lists its members (a join table), a dynamic one is a
// tree of rules compiled to SQL over marketing_contacts at every read, so it is always current.
// Audiences combine segments (included, excluded) for one channel: the unit a campaign targets.
// Counts are cached on the row when computed (save, refresh) so the lists show them without
// re-counting every segment of a page.

export const SEGMENT_KINDS = ['static', 'dynamic'] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];

/** What a segment is for (newsletter lists, lifecycle stages, imports …), chosen by the community. */
export const marketingSegmentTypes = tenantTable(
  'marketing_segment_types',
  {
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('marketing_segment_types_name_uq').on(t.tenantId, t.name)],
);

/** The cached count of a segment or audience: exact, or the planner's estimate at scale. */
const countColumns = () => ({
  contactCount: integer('contact_count'),
  countIsEstimate: boolean('count_is_estimate').notNull().default(false),
  countedAt: instant('counted_at'),
});

export const marketingSegments = tenantTable(
  'marketing_segments',
  {
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    typeId: ref('type_id', () => marketingSegmentTypes, 'set null'),
    kind: text('kind', { enum: SEGMENT_KINDS }).notNull().default('dynamic'),
    /** A dynamic segment's rule tree (segments/rules.ts); null for a static one. */
    rules: jsonb('rules'),
    ...countColumns(),
  },
  (t) => [
    uniqueIndex('marketing_segments_name_uq').on(t.tenantId, t.name),
    ...filterIndexes('marketing_segments', t, { kind: t.kind, type: t.typeId }),
  ],
);

/** A static segment's members. Deleting the contact or the segment deletes the membership. */
export const marketingSegmentMembers = tenantTable(
  'marketing_segment_members',
  {
    segmentId: ref('segment_id', () => marketingSegments, 'cascade').notNull(),
    contactId: ref('contact_id', () => marketingContacts, 'cascade').notNull(),
  },
  (t) => [
    // One membership per contact and segment; it also pages a segment's members by contact id.
    uniqueIndex('marketing_segment_members_uq').on(t.tenantId, t.segmentId, t.contactId),
    index('marketing_segment_members_contact_idx').on(t.tenantId, t.contactId),
  ],
);

export const marketingAudiences = tenantTable(
  'marketing_audiences',
  {
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    channel: text('channel', { enum: CHANNELS }).notNull().default('email'),
    /** Contacts in any of these segments … */
    includeSegmentIds: refs('include_segment_ids', () => marketingSegments, 'restrict'),
    /** … except those in any of these. */
    excludeSegmentIds: refs('exclude_segment_ids', () => marketingSegments, 'restrict'),
    ...countColumns(),
  },
  (t) => [
    uniqueIndex('marketing_audiences_name_uq').on(t.tenantId, t.name),
    index('marketing_audiences_channel_idx').on(t.tenantId, t.channel),
    index('marketing_audiences_include_idx').using('gin', t.includeSegmentIds),
    index('marketing_audiences_exclude_idx').using('gin', t.excludeSegmentIds),
  ],
);
