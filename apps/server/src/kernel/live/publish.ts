import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { checkTopic, EVENT_NAME, type LiveMessage } from './topics';

/** The NOTIFY channel every server process listens on for live events. */
export const LIVE_CHANNEL = 'atrium_live';
/** NOTIFY payloads are capped at 8000 bytes: larger data stays in the table and listeners read it there. */
const INLINE_DATA_BYTES = 6000;

/**
 * Publishes a live event in the caller's transaction `tx`: stored in live_events (for Last-Event-ID
 * catch-up) and NOTIFYed in the same statement. PostgreSQL delivers the notification only when the
 * transaction commits, to every server process (the embedded engine likewise, in its one process),
 * so nothing is sent for a change that rolls back. Any module may call it.
 */
export async function publish(tx: Db, message: LiveMessage): Promise<void> {
  const topic = checkTopic(message.topic);
  if (typeof topic === 'string') throw new Error(`live.publish: ${topic}`);
  if (!EVENT_NAME.test(message.event)) throw new Error(`live.publish: invalid event name ${message.event}`);
  const data = JSON.stringify(message.data ?? null);
  const inline = Buffer.byteLength(data) <= INLINE_DATA_BYTES;
  const topicJson = JSON.stringify(topic);
  // `x` tells listeners the data was too large to travel with the notification.
  const payload = inline
    ? sql`json_build_object('t', e.tenant_id, 'i', e.id, 'o', ${topicJson}::json, 'e', ${message.event}::text, 'd', ${data}::json)`
    : sql`json_build_object('t', e.tenant_id, 'i', e.id, 'o', ${topicJson}::json, 'e', ${message.event}::text, 'x', true)`;
  await tx.execute(sql`
    with e as (
      insert into live_events (tenant_id, topic, event, data)
      values (${message.tenantId}::uuid, ${topicJson}::jsonb, ${message.event}, ${data}::jsonb)
      returning tenant_id, id
    )
    select pg_notify(${LIVE_CHANNEL}, ${payload}::text) from e`);
}
