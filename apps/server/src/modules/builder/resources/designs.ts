import { type BeforeWrite, type Db, defineResource, type HookContext, type Row, type Scope } from '../../../kernel/resources';
import { requireRole } from '../access';
import { memberIdsWith } from '../services/members';
import { tell } from '../services/notices';
import { designLink, historyEntry, imageKey, type Platform, statusKey } from '../services/review';
import { builderDesigns, type DesignHistoryEntry } from '../tables';
import { projectRecord, textInput } from './common';

export const DESIGNS_PATH = 'builder/designs';

const TRACKED = ['name', 'page', 'type', 'description', 'ticketId', 'taskListId', 'storyId', 'figma', 'figmaFile', 'figmaNode'];

const PLATFORMS: Platform[] = ['web', 'mobile'];

/** The platforms whose design image this write sets, replaces or removes. */
const imagesChanged = (existing: Row | undefined, data: Record<string, unknown>) =>
  PLATFORMS.filter((p) => imageKey(p) in data && (data[imageKey(p)] ?? null) !== (existing?.[imageKey(p)] ?? null));

/**
 * A design image (a stored file's id) set through any entry point (the upload routes, PATCH): on a
 * project's design only its UX designers, project managers and business analysts set one; the
 * platform then waits for review again (removed: pending), and the history says so. The kit links
 * the file to the design, so the design's readers read it and nobody attaches a file they cannot read.
 */
const designImages: BeforeWrite = async (ctx, data) => {
  const changed = imagesChanged(ctx.existing, data);
  if (changed.length === 0) return data;
  const projectId = (ctx.op === 'create' ? data.projectId : ctx.existing?.projectId) as string | null | undefined;
  if (projectId) await requireRole(ctx.tx, ctx.scope, projectId, ['ux', 'pm', 'ba'], 'upload designs');
  const history = [...(((data.uxHistory ?? ctx.existing?.uxHistory) as DesignHistoryEntry[] | undefined) ?? [])];
  const next: Record<string, unknown> = { ...data };
  for (const platform of changed) {
    const file = (data[imageKey(platform)] as string | null) ?? null;
    next[statusKey(platform)] = file ? 'Ready for review' : 'Pending';
    history.push(historyEntry(ctx.scope, file ? 'design uploaded' : 'design removed', { platform, file }));
  }
  return { ...next, uxHistory: history };
};

const record = projectRecord(
  'builder_designs',
  (ctx: HookContext, data) => {
    // Every change is kept in ux_history (who, when, which fields).
    const changed =
      ctx.op === 'create' ? TRACKED.filter((k) => k in data) : TRACKED.filter((k) => k in data && data[k] !== ctx.existing?.[k]);
    if (ctx.op === 'update' && changed.length === 0) return data;
    const history = (ctx.existing?.uxHistory as unknown[] | undefined) ?? [];
    return { ...data, uxHistory: [...history, historyEntry(ctx.scope, ctx.op === 'create' ? 'created' : 'edited', { fields: changed })] };
  },
  designImages,
);

/** A new design image on a project's design: its clients hear that it is ready for review. */
async function tellClients(ctx: HookContext, design: Row) {
  if (!design.projectId) return;
  const uploaded = imagesChanged(ctx.existing, design).filter((p) => design[imageKey(p)]);
  if (uploaded.length === 0) return;
  const clients = await memberIdsWith(ctx.tx, ctx.scope.tenantId, String(design.projectId), ['client']);
  for (const platform of uploaded) {
    await tell(ctx.tx, ctx.scope, clients, {
      title: `${platform === 'web' ? 'Web' : 'Mobile'} design ready for review: ${String(design.name)}`,
      link: designLink(design),
      source: DESIGNS_PATH,
      recordId: String(design.id),
    });
  }
}

/**
 * Design reviews (seed 001's UX task): a page's web and mobile designs, notes pinned on them with
 * comment threads, approval per platform by the client, every change in ux_history. Notes, images,
 * approvals and resets go through review.ts (they are not plain edits).
 */
export const designsResource = defineResource({
  path: DESIGNS_PATH,
  module: 'builder',
  table: builderDesigns,
  label: { singular: 'Design', plural: 'Designs' },
  readOnly: ['createdBy', 'uxNotes', 'uxHistory', 'uxStatus', 'uxWebStatus', 'uxMobileStatus', 'platform', 'sprint'],
  input: {
    name: (s) => s.trim().min(1).max(200),
    page: (s) => s.trim().max(120),
    type: (s) => s.trim().max(60),
    description: textInput,
    ticketId: (s) => s.trim().max(60),
    figma: (s) => s.trim().url('A link').max(1000),
    figmaFile: (s) => s.trim().max(200),
    figmaNode: (s) => s.trim().max(200),
  },
  access: record.access,
  hooks: { beforeWrite: record.hooks.beforeWrite, afterWrite: tellClients },
  list: { search: ['name', 'page'], filters: ['projectId', 'storyId', 'uxWebStatus', 'uxMobileStatus'], sort: ['name'] },
  fields: {
    projectId: { label: 'Project' },
    storyId: { label: 'User story' },
    taskListId: { label: 'Task list' },
    ticketId: { label: 'Ticket' },
    description: { widget: 'textarea' },
    uxWebStatus: { label: 'Web approval' },
    uxMobileStatus: { label: 'Mobile approval' },
    uxStatus: { label: 'UX status' },
    webUiuxDesign: { label: 'Web design' },
    mobileUiuxDesign: { label: 'Mobile design' },
    figma: { widget: 'url', label: 'Figma link' },
    uxNotes: { widget: 'json', label: 'Notes' },
    uxHistory: { widget: 'json', label: 'History' },
  },
  ui: { title: 'name', columns: ['name', 'page', 'uxWebStatus', 'uxMobileStatus', 'projectId'] },
  examples: [{ name: 'Checkout — payment step', page: 'Checkout', type: 'Screen', ticketId: 'UX-12' }],
});

/**
 * A platform's design image uploaded (the upload routes): the caller must be the project's UX
 * designer, project manager or business analyst; written through the resource (see designImages).
 */
export async function setDesignImage(tx: Db, scope: Scope, design: Row, platform: Platform, fileId: string): Promise<Row> {
  await requireRole(tx, scope, (design.projectId as string | null) ?? null, ['ux', 'pm', 'ba'], 'upload designs');
  return designsResource.updateIn(tx, scope, String(design.id), { [imageKey(platform)]: fileId });
}
