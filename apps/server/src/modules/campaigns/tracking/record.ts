import { sql } from 'drizzle-orm';
import { type Db, inCommunity, queryRows } from '../../../kernel/resources';
import type { TrackingKind } from '../tables';

// What happened to a message, recorded once per recipient on its row (first open, first click …)
// and as an event each time (the report's timeline and top links).

const FIRST: Partial<Record<TrackingKind, string>> = {
  delivered: 'delivered_at',
  read: 'read_at',
  open: 'opened_at',
  click: 'clicked_at',
  unsubscribe: 'unsubscribed_at',
  bounce: 'bounced_at',
  complaint: 'bounced_at',
};

export interface Tracked {
  id: string;
  campaignId: string;
  contactId: string | null;
  address: string;
  channel: string;
}

/**
 * Records `kind` for a recipient (by id): the row's first-time column (a click also counts as an
 * open, a read as delivered) and an event. Answers the recipient, or null when there is none.
 */
export async function track(
  tx: Db,
  tenantId: string,
  recipientId: string,
  kind: TrackingKind,
  extra: { url?: string; ip?: string; userAgent?: string; error?: string } = {},
): Promise<Tracked | null> {
  const column = FIRST[kind];
  const also =
    kind === 'click' ? ', opened_at = coalesce(opened_at, now())' : kind === 'read' ? ', delivered_at = coalesce(delivered_at, now())' : '';
  const failed = kind === 'failed' || kind === 'bounce' ? sql`, state = 'failed', error = ${extra.error ?? kind}` : sql``;
  const result = await queryRows<Tracked>(
    tx,
    sql`
    update campaign_recipients r
       set ${sql.raw(column ? `${column} = coalesce(${column}, now())${also},` : '')} updated_at = now() ${failed}
      from campaigns c
     where ${inCommunity(tenantId, 'r')} and r.id = ${recipientId} and c.tenant_id = r.tenant_id and c.id = r.campaign_id
    returning r.id, r.campaign_id as "campaignId", r.contact_id as "contactId", r.address, c.channel`,
  );
  const row = result[0];
  if (!row) return null;
  await tx.execute(sql`
    insert into campaign_events (tenant_id, campaign_id, recipient_id, kind, url, ip, user_agent)
    values (${tenantId}, ${row.campaignId}, ${row.id}, ${kind}, ${extra.url ?? null}, ${extra.ip ?? null}, ${extra.userAgent?.slice(0, 400) ?? null})`);
  return row;
}

/** The recipient a provider's message id names (delivery reports), or null. */
export async function recipientByProviderId(tx: Db, tenantId: string, providerMessageId: string): Promise<string | null> {
  const result = await queryRows<{ id: string }>(
    tx,
    sql`select id from campaign_recipients where ${inCommunity(tenantId)} and provider_message_id = ${providerMessageId} limit 1`,
  );
  return result[0]?.id ?? null;
}

/** One tracked happening at a known time (a batch of delivery reports, or the demo's history). */
export interface TrackedAt {
  recipientId: string;
  kind: TrackingKind;
  at: Date;
  url?: string | null;
  error?: string | null;
  userAgent?: string | null;
}

/**
 * `track` for many happenings at once, each at its own time: per recipient and kind the row's
 * first-time column takes the earliest (a click also sets the open, a read the delivery; a bounce or
 * failure fails the row), and every happening is an event. Two statements per kind, whatever the count.
 */
export async function trackMany(tx: Db, tenantId: string, happenings: TrackedAt[]) {
  const kinds = [...new Set(happenings.map((h) => h.kind))];
  for (const kind of kinds) {
    const ofKind = happenings.filter((h) => h.kind === kind);
    const json = JSON.stringify(
      ofKind.map((h) => ({ rid: h.recipientId, at: h.at.toISOString(), u: h.url ?? null, e: h.error ?? null, a: h.userAgent ?? null })),
    );
    const column = FIRST[kind];
    const also = kind === 'click' ? 'opened_at' : kind === 'read' ? 'delivered_at' : null;
    const sets = [
      ...(column ? [`${column} = least(coalesce(r.${column}, v.at), v.at)`] : []),
      ...(also ? [`${also} = least(coalesce(r.${also}, v.at), v.at)`] : []),
      ...(kind === 'failed' || kind === 'bounce' ? [`state = 'failed'`, `error = coalesce(v.e, '${kind}')`] : []),
    ];
    if (sets.length > 0)
      await tx.execute(sql`
        update campaign_recipients r set ${sql.raw(sets.join(', '))}, updated_at = greatest(r.updated_at, v.at)
          from (select rid, min(at) as at, max(e) as e
                  from jsonb_to_recordset(${json}::jsonb) as x(rid uuid, at timestamptz, e text) group by rid) v
         where ${inCommunity(tenantId, 'r')} and r.id = v.rid`);
    await tx.execute(sql`
      insert into campaign_events (tenant_id, campaign_id, recipient_id, kind, url, user_agent, created_at, updated_at)
      select ${tenantId}, r.campaign_id, r.id, ${kind}, x.u, x.a, x.at, x.at
        from jsonb_to_recordset(${json}::jsonb) as x(rid uuid, at timestamptz, u text, e text, a text)
        join campaign_recipients r on ${inCommunity(tenantId, 'r')} and r.id = x.rid`);
  }
}
