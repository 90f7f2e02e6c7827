import { notify } from '../../../kernel/notifications';
import type { Db, Scope } from '../../../kernel/resources';

export interface Notice {
  title: string;
  body?: string;
  /** A console path. */
  link?: string;
  level?: 'info' | 'success' | 'warning' | 'error';
  source: string;
  recordId: string;
}

/**
 * Tells each of `recipients` (but not whoever acted) in the write's transaction: the kernel's
 * notifications, one for each person, which reach their bell live (assignments, mentions, comments,
 * approvals, scope decisions).
 */
export async function tell(tx: Db, scope: Scope, recipients: (string | null | undefined)[], notice: Notice): Promise<number> {
  const to = [...new Set(recipients.filter((r): r is string => Boolean(r) && r !== scope.actor.id))];
  for (const recipientId of to) await notify(tx, scope, { ...notice, recipientId });
  return to.length;
}

/** `@Name` or `@email` mentions in a text, matched against the project's members. */
export function mentioned(text: string, members: { userId: string; name: string; email: string }[]): string[] {
  const lower = text.toLowerCase();
  return members
    .filter((m) => lower.includes(`@${m.email.toLowerCase()}`) || lower.includes(`@${m.name.toLowerCase()}`))
    .map((m) => m.userId);
}
