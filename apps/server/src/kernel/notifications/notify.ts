import type { Scope } from '../auth/context';
import type { Db } from '../db/database';
import { publish } from '../live/publish';
import { notifications } from './tables';

/** The notifications' resource path: their live events go to whoever may read it (the bell). */
export const NOTIFICATIONS_RESOURCE = 'ops/notifications';

/** Tells the console's bells (live streams that may read notifications) that one changed. */
export function publishNotification(tx: Db, tenantId: string, event: 'created' | 'changed' | 'removed', id: string) {
  return publish(tx, { tenantId, topic: { record: [NOTIFICATIONS_RESOURCE, id] }, event: `notification.${event}`, data: { id } });
}

export interface NewNotification {
  title: string;
  body?: string | null;
  link?: string | null;
  level?: 'info' | 'success' | 'warning' | 'error';
  /** The resource path that raised it, e.g. `<module>/<resource>`. */
  source?: string | null;
  recordId?: string | null;
  /** The admin it is for (only they read it, and only their bell hears of it); unset: every admin. */
  recipientId?: string | null;
}

/**
 * Adds a console notification for the community's admins, in the caller's transaction (it exists
 * exactly when the thing it announces does), and announces it live to the bells. Any module may call it.
 */
export async function notify(tx: Db, scope: Pick<Scope, 'tenantId'>, n: NewNotification): Promise<void> {
  const [row] = await tx
    .insert(notifications)
    .values({
      tenantId: scope.tenantId,
      title: n.title.slice(0, 200),
      body: n.body ? n.body.slice(0, 2000) : null,
      link: n.link ?? null,
      level: n.level ?? 'info',
      source: n.source ?? null,
      recordId: n.recordId ?? null,
      recipientId: n.recipientId ?? null,
    })
    .returning({ id: notifications.id });
  await publishNotification(tx, scope.tenantId, 'created', row.id);
}
