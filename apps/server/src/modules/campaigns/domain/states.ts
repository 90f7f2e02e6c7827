import { errors } from '../../../kernel/resources';
import type { CampaignStatus } from '../tables';

// A campaign's life, table-driven: each action leads to one status from the statuses listed. A move
// the table does not allow is a 409 naming both statuses; the actions a screen offers come from it.

export const ACTIONS = {
  schedule: { from: ['draft', 'scheduled'], to: 'scheduled' },
  unschedule: { from: ['scheduled'], to: 'draft' },
  launch: { from: ['draft', 'scheduled'], to: 'sending' },
  pause: { from: ['sending'], to: 'paused' },
  resume: { from: ['paused'], to: 'sending' },
  finish: { from: ['sending'], to: 'sent' },
  cancel: { from: ['draft', 'scheduled', 'sending', 'paused'], to: 'cancelled' },
  fail: { from: ['sending', 'scheduled'], to: 'failed' },
} as const satisfies Record<string, { from: readonly CampaignStatus[]; to: CampaignStatus }>;

export type CampaignAction = keyof typeof ACTIONS;

/** Statuses in which a campaign's content, audience and schedule may still change. */
export const EDITABLE: readonly CampaignStatus[] = ['draft', 'scheduled', 'paused'];

const words = (s: string) => s.replaceAll('_', ' ');

/** The status `action` leads to from `from`, or the 409 `illegal_transition`. */
export function transition(from: CampaignStatus, action: CampaignAction): CampaignStatus {
  const rule = ACTIONS[action];
  if ((rule.from as readonly CampaignStatus[]).includes(from)) return rule.to;
  throw errors.conflict(
    'illegal_transition',
    `A campaign cannot go from ${words(from)} to ${words(rule.to)} (${action} is allowed from ${rule.from.map(words).join(', ')})`,
  );
}

/** The actions allowed in `status` (what the console offers). */
export const actionsFrom = (status: CampaignStatus): CampaignAction[] =>
  (Object.keys(ACTIONS) as CampaignAction[]).filter(
    (a) => (ACTIONS[a].from as readonly CampaignStatus[]).includes(status) && a !== 'finish',
  );

export function assertEditable(status: CampaignStatus) {
  if (!EDITABLE.includes(status))
    throw errors.conflict('not_editable', `A ${words(status)} campaign cannot be changed (only a draft, scheduled or paused one)`);
}
