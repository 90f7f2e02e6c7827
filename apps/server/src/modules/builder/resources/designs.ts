import { defineResource, type HookContext } from '../../../kernel/resources';
import { historyEntry } from '../services/review';
import { builderDesigns } from '../tables';
import { projectRecord, textInput } from './common';

export const DESIGNS_PATH = 'builder/designs';

const TRACKED = ['name', 'page', 'type', 'description', 'ticketId', 'taskListId', 'storyId', 'figma', 'figmaFile', 'figmaNode'];

const record = projectRecord('builder_designs', (ctx: HookContext, data) => {
  // Every change is kept in ux_history (who, when, which fields).
  const changed =
    ctx.op === 'create' ? TRACKED.filter((k) => k in data) : TRACKED.filter((k) => k in data && data[k] !== ctx.existing?.[k]);
  if (ctx.op === 'update' && changed.length === 0) return data;
  const history = (ctx.existing?.uxHistory as unknown[] | undefined) ?? [];
  return { ...data, uxHistory: [...history, historyEntry(ctx.scope, ctx.op === 'create' ? 'created' : 'edited', { fields: changed })] };
});

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
  readOnly: [
    'createdBy',
    'uxNotes',
    'uxHistory',
    'uxStatus',
    'uxWebStatus',
    'uxMobileStatus',
    'webUiuxDesign',
    'mobileUiuxDesign',
    'platform',
    'sprint',
  ],
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
  hooks: { beforeWrite: record.hooks.beforeWrite },
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
