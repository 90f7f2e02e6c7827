import { sql } from 'drizzle-orm';
import { type Db, inCommunity, queryRows } from '../../../kernel/resources';
import { variantResults } from '../engine/ab-test';

// Reports: a campaign's figures (from its recipient rows: one indexed scan), rates, a timeline of
// sends, opens and clicks, its top links; and the hub's figures across channels.

export type Counts = {
  recipients: number;
  queued: number;
  sending: number;
  sent: number;
  failed: number;
  skipped: number;
  delivered: number;
  read: number;
  opened: number;
  clicked: number;
  bounced: number;
  unsubscribed: number;
};

const countsSql = sql`
  count(*)::int as recipients,
  count(*) filter (where r.state = 'queued')::int as queued,
  count(*) filter (where r.state = 'sending')::int as sending,
  count(*) filter (where r.sent_at is not null)::int as sent,
  count(*) filter (where r.state = 'failed')::int as failed,
  count(*) filter (where r.state = 'skipped')::int as skipped,
  count(r.delivered_at)::int as delivered,
  count(r.read_at)::int as read,
  count(r.opened_at)::int as opened,
  count(r.clicked_at)::int as clicked,
  count(r.bounced_at)::int as bounced,
  count(r.unsubscribed_at)::int as unsubscribed`;

const ratio = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 10_000) / 10_000 : 0);

export function ratesOf(c: Counts) {
  return {
    delivery: ratio(c.delivered, c.sent),
    read: ratio(c.read, c.sent),
    open: ratio(c.opened, c.sent),
    click: ratio(c.clicked, c.sent),
    clickToOpen: ratio(c.clicked, c.opened),
    bounce: ratio(c.bounced, c.sent),
    unsubscribe: ratio(c.unsubscribed, c.sent),
    failure: ratio(c.failed, c.recipients),
  };
}

export async function campaignCounts(tx: Db, tenantId: string, campaignId: string): Promise<Counts> {
  const [row] = await queryRows<Counts>(
    tx,
    sql`select ${countsSql} from campaign_recipients r where ${inCommunity(tenantId, 'r')} and r.campaign_id = ${campaignId}`,
  );
  return row;
}

export async function campaignReport(tx: Db, tenantId: string, campaign: { id: string; launchedAt: Date | null; abTest: unknown }) {
  const counts = await campaignCounts(tx, tenantId, campaign.id);
  const span = campaign.launchedAt ? Date.now() - campaign.launchedAt.getTime() : 0;
  const unit = span < 6 * 3600_000 ? 'minute' : span < 14 * 86_400_000 ? 'hour' : 'day';
  const sends = await queryRows<{ at: string; n: number }>(
    tx,
    sql`select date_trunc(${unit}, sent_at) as at, count(*)::int as n from campaign_recipients
                          where ${inCommunity(tenantId)} and campaign_id = ${campaign.id} and sent_at is not null group by 1 order by 1`,
  );
  const events = await queryRows<{ at: string; kind: string; n: number }>(
    tx,
    sql`select date_trunc(${unit}, created_at) as at, kind, count(*)::int as n from campaign_events
                          where ${inCommunity(tenantId)} and campaign_id = ${campaign.id} group by 1, 2 order by 1`,
  );
  const buckets = new Map<string, Record<string, number>>();
  const bucket = (at: string) => {
    const key = new Date(at).toISOString();
    const found = buckets.get(key);
    if (found) return found;
    const b: Record<string, number> = { sent: 0, open: 0, click: 0, delivered: 0, unsubscribe: 0, bounce: 0 };
    buckets.set(key, b);
    return b;
  };
  for (const s of sends) bucket(s.at).sent += s.n;
  for (const e of events) bucket(e.at)[e.kind] = (bucket(e.at)[e.kind] ?? 0) + e.n;
  const timeline = [...buckets.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([at, v]) => ({ at, ...v }));
  const topLinks = await queryRows<{ url: string; clicks: number; unique: number }>(
    tx,
    sql`select url, count(*)::int as clicks, count(distinct recipient_id)::int as "unique" from campaign_events
                          where ${inCommunity(tenantId)} and campaign_id = ${campaign.id} and kind = 'click' and url is not null
                          group by url order by clicks desc limit 10`,
  );
  const abTest = campaign.abTest ? await variantResults(tx, tenantId, campaign.id) : null;
  return { counts, rates: ratesOf(counts), unit, timeline, topLinks, abTest };
}

/** The hub: per channel over the last `days`, and the recent campaigns with their figures. */
export async function overview(tx: Db, tenantId: string, days = 90) {
  const channels = (
    await queryRows<Counts & { channel: string; campaigns: number }>(
      tx,
      sql`
      select c.channel, count(distinct c.id)::int as campaigns, ${countsSql}
        from campaigns c join campaign_recipients r on r.tenant_id = c.tenant_id and r.campaign_id = c.id
       where ${inCommunity(tenantId, 'c')} and c.launched_at > now() - make_interval(days => ${days})
       group by c.channel`,
    )
  ).map((c) => ({ ...c, rates: ratesOf(c) }));
  const recent = await queryRows<{
    id: string;
    name: string;
    channel: string;
    status: string;
    launchedAt: string | null;
    scheduledAt: string | null;
  }>(
    tx,
    sql`select id, name, channel, status, launched_at as "launchedAt", scheduled_at as "scheduledAt"
                          from campaigns where ${inCommunity(tenantId)} order by updated_at desc limit 8`,
  );
  const withCounts = [];
  for (const c of recent) {
    const counts = await campaignCounts(tx, tenantId, c.id);
    withCounts.push({ ...c, counts, rates: ratesOf(counts) });
  }
  const statuses = await queryRows<{ status: string; n: number }>(
    tx,
    sql`select status, count(*)::int as n from campaigns where ${inCommunity(tenantId)} group by status`,
  );
  return { days, channels, recent: withCounts, statuses: Object.fromEntries(statuses.map((s) => [s.status, s.n])) };
}
