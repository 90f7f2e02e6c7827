import { sql } from 'drizzle-orm';
import { type Db, inCommunity, queryRows } from '../../../kernel/resources';
import type { Recipient } from './compose';

// The recipient rows' moves: a claim (due queued rows, and rows a dead process left `sending` past
// their lease) into `sending` with a lease, committed before any message leaves;
// and the outcomes, written with their states in one statement per flush.

/** How long a claimed row is a sender's before another may take it (renewed at every flush). */
export const LEASE_SECONDS = 20;

export interface Claimed extends Recipient {
  attempts: number;
}

/**
 * Claims up to `limit` rows: queued rows that are due, in the claim index's order (one range of
 * `campaign_recipients_claim_idx`, read from its start: no sort of the campaign's rows), and, when
 * `expired` is asked or the due rows do not fill the batch, rows a dead sender left `sending` past
 * their lease. The two are separate statements because one condition for both (an OR) could use no
 * index order: each claim of a 100,000-recipient campaign read and sorted all its rows (about a
 * second of the database's CPU per batch of 200, bench/campaign-send.ts). Expired leases are looked
 * for at a sender's first claim of a slice and whenever the due rows run short, so a dead sender's
 * rows come back within a lease and a slice.
 */
export async function claimBatch(
  tx: Db,
  tenantId: string,
  campaignId: string,
  variants: string[],
  limit: number,
  options: { expired?: boolean } = {},
): Promise<Claimed[]> {
  const inVariants = sql.join(
    variants.map((v) => sql`${v}`),
    sql`, `,
  );
  const take = async (which: 'due' | 'expired', n: number) =>
    await queryRows<Claimed>(
      tx,
      sql`
    update campaign_recipients r
       set state = 'sending', attempts = r.attempts + 1, lease_until = now() + make_interval(secs => ${LEASE_SECONDS}), updated_at = now()
     where ${inCommunity(tenantId, 'r')} and r.id in (
       select id from campaign_recipients
        where ${inCommunity(tenantId)} and campaign_id = ${campaignId} and variant in (${inVariants})
          and ${which === 'due' ? sql`state = 'queued' and next_attempt_at <= now() order by next_attempt_at` : sql`state = 'sending' and lease_until < now()`}
        limit ${n}
        for update skip locked)
    returning r.id, r.contact_id as "contactId", r.address, r.name, r.variant, r.attempts`,
    );
  const rows = options.expired ? await take('expired', limit) : [];
  if (rows.length < limit) rows.push(...(await take('due', limit - rows.length)));
  if (rows.length < limit && !options.expired) rows.push(...(await take('expired', limit - rows.length)));
  return rows;
}

/** Rows given up as no longer sendable (consent withdrawn or address suppressed since the launch). */
export async function skipRows(tx: Db, tenantId: string, ids: string[], reason: string) {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update campaign_recipients set state = 'skipped', error = ${reason}, lease_until = null, updated_at = now()
     where ${inCommunity(tenantId)} and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`);
}

/** Claimed rows handed back unsent (a pause): queued again, the attempt not counted. */
export async function releaseRows(tx: Db, tenantId: string, ids: string[]) {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update campaign_recipients set state = 'queued', attempts = greatest(attempts - 1, 0), lease_until = null, updated_at = now()
     where ${inCommunity(tenantId)} and state = 'sending' and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`);
}

export interface Outcome {
  id: string;
  state: 'sent' | 'failed' | 'queued';
  providerMessageId?: string | null;
  error?: string | null;
  /** queued again: when (ISO). */
  nextAt?: string | null;
  /** sent: the instant the rate limit released it to the provider (ISO; absent: the write's time). */
  sentAt?: string | null;
}

/** Writes outcomes with their states (only rows still `sending`: a pause's release or a sweep cannot be undone). */
export async function recordOutcomes(tx: Db, tenantId: string, outcomes: Outcome[], stillInFlight: string[]) {
  if (outcomes.length > 0) {
    await tx.execute(sql`
      update campaign_recipients r
         set state = v.state, provider_message_id = coalesce(v.pid, r.provider_message_id), error = v.error,
             sent_at = case when v.state = 'sent' then coalesce(v.sent_at, now()) else r.sent_at end,
             next_attempt_at = coalesce(v.next_at, r.next_attempt_at), lease_until = null, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(
          outcomes.map((o) => ({
            id: o.id,
            state: o.state,
            pid: o.providerMessageId ?? null,
            error: o.error ?? null,
            next_at: o.nextAt ?? null,
            sent_at: o.sentAt ?? null,
          })),
        )}::jsonb) as v(id uuid, state text, pid text, error text, next_at timestamptz, sent_at timestamptz)
       where ${inCommunity(tenantId, 'r')} and r.id = v.id and r.state = 'sending'`);
  }
  if (stillInFlight.length > 0) {
    await tx.execute(sql`
      update campaign_recipients set lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
       where ${inCommunity(tenantId)} and state = 'sending' and id in (select jsonb_array_elements_text(${JSON.stringify(stillInFlight)}::jsonb)::uuid)`);
  }
}

/** What is left of a campaign's send: rows not finished, and when the next one is due. */
export async function remaining(tx: Db, tenantId: string, campaignId: string, variants: string[]) {
  const [row] = await queryRows<{ open: number; due_in: number | null }>(
    tx,
    sql`
      select count(*)::int as open,
             extract(epoch from min(case when state = 'queued' then next_attempt_at else lease_until end) - now())::float8 as due_in
        from campaign_recipients
       where ${inCommunity(tenantId)} and campaign_id = ${campaignId} and state in ('queued', 'sending')
         and variant in (select jsonb_array_elements_text(${JSON.stringify(variants)}::jsonb))`,
  );
  return { open: Number(row.open), dueInMs: row.due_in === null ? 0 : Math.max(0, Number(row.due_in) * 1000) };
}
