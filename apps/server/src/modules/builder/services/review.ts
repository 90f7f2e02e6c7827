import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../../kernel/events';
import { publish } from '../../../kernel/live';
import type { Db, Row, Scope } from '../../../kernel/resources';
import { errors, tenantFilter } from '../../../kernel/resources';
import { membershipOf, requireRole } from '../access';
import { builderDesigns, builderStories, type DesignHistoryEntry, type DesignNote } from '../tables';
import { memberIdsWith, membersOf } from './members';
import { mentioned, tell } from './notices';

export type Platform = 'web' | 'mobile';
/** The one approval value (seed 001): every other value is "not approved". */
export const APPROVED = 'Approved';
const DESIGNS = 'builder/designs';

export const historyEntry = (scope: Scope, action: string, detail?: Record<string, unknown>): DesignHistoryEntry => ({
  at: new Date().toISOString(),
  by: scope.actor.id,
  byName: scope.actor.name,
  action,
  ...(detail ? { detail } : {}),
});

export const statusKey = (p: Platform) => (p === 'web' ? 'uxWebStatus' : 'uxMobileStatus');
export const imageKey = (p: Platform) => (p === 'web' ? 'webUiuxDesign' : 'mobileUiuxDesign');

/** The design (read as the caller: a member of its project), locked for this change. */
export async function lockDesign<R extends Row>(tx: Db, scope: Scope, read: (tx: Db) => Promise<R>): Promise<R> {
  const design = await read(tx);
  await tx
    .select({ id: builderDesigns.id })
    .from(builderDesigns)
    .where(and(tenantFilter(builderDesigns, scope.tenantId), eq(builderDesigns.id, String(design.id))))
    .for('update');
  return read(tx);
}

/** The review fields a save writes (its history and update time are added). */
type DesignPatch = Partial<typeof builderDesigns.$inferInsert>;

/** Writes a design's review fields, appends to its history, audits it and tells open review screens. */
async function save(tx: Db, scope: Scope, design: Row, patch: DesignPatch, entry: DesignHistoryEntry): Promise<Row> {
  const history = [...((design.uxHistory as DesignHistoryEntry[]) ?? []), entry];
  const [row] = (await tx
    .update(builderDesigns)
    .set({ ...patch, uxHistory: history, updatedAt: new Date() })
    .where(and(tenantFilter(builderDesigns, scope.tenantId), eq(builderDesigns.id, design.id)))
    .returning()) as Row[];
  const { tenantId: _t, ...after } = row;
  await recordAudit(tx, scope, [{ action: 'update', resource: DESIGNS, recordId: design.id, before: design, after }]);
  await publish(tx, {
    tenantId: scope.tenantId,
    topic: { record: [DESIGNS, design.id] },
    event: 'builder.design.changed',
    data: { id: design.id },
  });
  return after as Row;
}

async function mustBeMember(tx: Db, scope: Scope, design: Row) {
  const projectId = design.projectId as string | null;
  if (scope.actor.isOwner && !projectId) return;
  if (!projectId) throw errors.conflict('no_project', 'This design belongs to no project yet');
  const member = await membershipOf(tx, scope.tenantId, projectId, scope.actor.id);
  if (!member && !scope.actor.isOwner) throw errors.forbidden('Only members of the project review its designs');
}

function position(x: number, y: number) {
  const off: Record<string, string> = {};
  if (!(x >= 0 && x <= 1)) off.x = 'Off the image: a fraction of its width, 0 to 1';
  if (!(y >= 0 && y <= 1)) off.y = 'Off the image: a fraction of its height, 0 to 1';
  if (Object.keys(off).length > 0) throw errors.validation(off, 'The note is off the image');
}

/** Same place: positions are fractions, compared to a tenth of a pixel of a 10,000-pixel image. */
const samePlace = (n: DesignNote, platform: Platform, x: number, y: number) =>
  n.platform === platform && Math.abs(n.x - x) < 1e-5 && Math.abs(n.y - y) < 1e-5;

/** Who follows a design: its creator, the project's UX designers and clients, everyone in its notes. */
async function followers(tx: Db, scope: Scope, design: Row): Promise<string[]> {
  const notes = (design.uxNotes as DesignNote[]) ?? [];
  const inThreads = notes.flatMap((n) => n.comments.map((c) => c.by));
  const team = design.projectId ? await memberIdsWith(tx, scope.tenantId, String(design.projectId), ['ux', 'client']) : [];
  return [design.createdBy as string, ...team, ...inThreads].filter(Boolean) as string[];
}

export const designLink = (design: Row) => `/admin-panel/builder/user-experience?project=${design.projectId ?? ''}&design=${design.id}`;

/** Adds a note at x,y with its first comment: it is appended and becomes the only visible note. */
export async function addNote(
  tx: Db,
  scope: Scope,
  design: Row,
  input: { platform: Platform; x: number; y: number; text: string; imageId?: string | null },
) {
  await mustBeMember(tx, scope, design);
  position(input.x, input.y);
  if (!design[imageKey(input.platform)])
    throw errors.conflict('no_design_image', `There is no ${input.platform} design to pin a note on yet`);
  const notes = (design.uxNotes as DesignNote[]) ?? [];
  if (notes.some((n) => samePlace(n, input.platform, input.x, input.y))) {
    throw errors.conflict('note_exists', 'A note is already pinned there: comment on it instead');
  }
  const note: DesignNote = {
    id: randomUUID(),
    task: design.id,
    platform: input.platform,
    x: input.x,
    y: input.y,
    visible: true,
    comments: [comment(scope, input.text, input.imageId)],
  };
  const saved = await save(
    tx,
    scope,
    design,
    { uxNotes: [...notes.map((n) => ({ ...n, visible: false })), note] },
    historyEntry(scope, 'note added', { platform: input.platform, x: input.x, y: input.y }),
  );
  await tellAbout(tx, scope, design, `New note on ${String(design.name)}`, input.text);
  return { design: saved, note };
}

const comment = (scope: Scope, text: string, imageId?: string | null) => ({
  id: randomUUID(),
  text,
  by: scope.actor.id,
  byName: scope.actor.name,
  at: new Date().toISOString(),
  ...(imageId ? { imageId } : {}),
});

/** A comment joins the thread of the note at the same x,y (404 when no note is there). */
export async function addComment(
  tx: Db,
  scope: Scope,
  design: Row,
  input: { platform: Platform; x: number; y: number; text: string; imageId?: string | null },
) {
  await mustBeMember(tx, scope, design);
  position(input.x, input.y);
  const notes = (design.uxNotes as DesignNote[]) ?? [];
  const index = notes.findIndex((n) => samePlace(n, input.platform, input.x, input.y));
  if (index < 0) throw errors.notFound('Note at that position');
  const added = comment(scope, input.text, input.imageId);
  const next = notes.map((n, i) => (i === index ? { ...n, comments: [...n.comments, added] } : n));
  const saved = await save(
    tx,
    scope,
    design,
    { uxNotes: next },
    historyEntry(scope, 'comment added', { platform: input.platform, note: notes[index].id }),
  );
  await tellAbout(tx, scope, design, `New comment on ${String(design.name)}`, input.text);
  return { design: saved, note: next[index] };
}

async function tellAbout(tx: Db, scope: Scope, design: Row, title: string, text: string) {
  const people = await followers(tx, scope, design);
  const members = design.projectId ? await membersOf(tx, scope.tenantId, String(design.projectId)) : [];
  const mentions = mentioned(text, members);
  await tell(tx, scope, mentions, {
    title: `You were mentioned on ${String(design.name)}`,
    body: text,
    link: designLink(design),
    source: DESIGNS,
    recordId: design.id,
  });
  await tell(
    tx,
    scope,
    people.filter((p) => !mentions.includes(p)),
    { title, body: text, link: designLink(design), source: DESIGNS, recordId: design.id },
  );
}

/** Shows one note (only that one visible), as opening it in the review does. */
export async function showNote(tx: Db, scope: Scope, design: Row, noteId: string) {
  await mustBeMember(tx, scope, design);
  const notes = (design.uxNotes as DesignNote[]) ?? [];
  if (!notes.some((n) => n.id === noteId)) throw errors.notFound('Note');
  return save(
    tx,
    scope,
    design,
    { uxNotes: notes.map((n) => ({ ...n, visible: n.id === noteId })) },
    historyEntry(scope, 'note shown', { note: noteId }),
  );
}

/** The client approves (or not) one platform's design: `Approved` or any other value. */
export async function setApproval(tx: Db, scope: Scope, design: Row, platform: Platform, status: string) {
  await requireRole(tx, scope, (design.projectId as string | null) ?? null, ['client'], 'approve designs');
  if (status === APPROVED && !design[imageKey(platform)]) {
    throw errors.conflict('no_design_image', `There is no ${platform} design to approve`);
  }
  const other = platform === 'web' ? design.uxMobileStatus : design.uxWebStatus;
  const uxStatus = status === APPROVED && other === APPROVED ? APPROVED : status === APPROVED ? 'Partly approved' : status;
  const patch: DesignPatch = platform === 'web' ? { uxWebStatus: status, uxStatus } : { uxMobileStatus: status, uxStatus };
  const saved = await save(
    tx,
    scope,
    design,
    patch,
    historyEntry(scope, 'approval', { platform, from: design[statusKey(platform)], to: status }),
  );
  const ux = await memberIdsWith(tx, scope.tenantId, String(design.projectId), ['ux', 'pm']);
  await tell(tx, scope, [...ux, design.createdBy as string], {
    title: `${platform === 'web' ? 'Web' : 'Mobile'} design of ${String(design.name)}: ${status}`,
    link: designLink(design),
    level: status === APPROVED ? 'success' : 'info',
    source: DESIGNS,
    recordId: design.id,
  });
  return saved;
}

/** Design reset: the platform back to web, the sprint empty, no version. */
export async function resetDesign(tx: Db, scope: Scope, design: Row) {
  await mustBeMember(tx, scope, design);
  return save(tx, scope, design, { platform: 'web', sprint: '', versionId: null }, historyEntry(scope, 'reset'));
}

/** Sets the design's working platform, sprint and version (what reset puts back). */
export async function setContext(
  tx: Db,
  scope: Scope,
  design: Row,
  input: { platform?: Platform; sprint?: string; versionId?: string | null },
) {
  await mustBeMember(tx, scope, design);
  return save(tx, scope, design, input, historyEntry(scope, 'context', input));
}

/**
 * A project's stories split by one platform's approval: a story is approved when it has designs and
 * each of them is `Approved` on that platform; every other story is unapproved.
 */
export async function storyApprovals(tx: Db, tenantId: string, projectId: string, platform: Platform) {
  const column = platform === 'web' ? builderDesigns.uxWebStatus : builderDesigns.uxMobileStatus;
  const rows = await tx
    .select({
      id: builderStories.id,
      title: builderStories.title,
      role: builderStories.role,
      designs: sql<number>`count(${builderDesigns.id})::int`,
      approved: sql<number>`count(${builderDesigns.id}) filter (where ${column} = ${APPROVED})::int`,
    })
    .from(builderStories)
    .leftJoin(builderDesigns, and(tenantFilter(builderDesigns, tenantId), eq(builderDesigns.storyId, builderStories.id)))
    .where(and(tenantFilter(builderStories, tenantId), eq(builderStories.projectId, projectId)))
    .groupBy(builderStories.id, builderStories.title, builderStories.role)
    .orderBy(builderStories.title);
  const out = (r: (typeof rows)[number]) => ({ id: r.id, title: r.title, role: r.role, designs: r.designs, approvedDesigns: r.approved });
  return {
    platform,
    approved: rows.filter((r) => r.designs > 0 && r.approved === r.designs).map(out),
    unapproved: rows.filter((r) => !(r.designs > 0 && r.approved === r.designs)).map(out),
  };
}
