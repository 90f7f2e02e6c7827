import type { Scope } from '../auth/context';
import type { Db } from '../db/database';
import { notifications } from './tables';

export interface NewNotification {
  title: string;
  body?: string | null;
  link?: string | null;
  level?: 'info' | 'success' | 'warning' | 'error';
  /** The resource path that raised it, e.g. `<module>/<resource>`. */
  source?: string | null;
  recordId?: string | null;
}

/**
 * Adds a console notification for the community's admins, in the caller's transaction (it exists
 * exactly when the thing it announces does). Any module may call it.
 */
export async function notify(tx: Db, scope: Pick<Scope, 'tenantId'>, n: NewNotification): Promise<void> {
  await tx.insert(notifications).values({
    tenantId: scope.tenantId,
    title: n.title.slice(0, 200),
    body: n.body ? n.body.slice(0, 2000) : null,
    link: n.link ?? null,
    level: n.level ?? 'info',
    source: n.source ?? null,
    recordId: n.recordId ?? null,
  });
}
