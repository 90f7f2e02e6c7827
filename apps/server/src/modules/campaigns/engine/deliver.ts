import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, type Db, inCommunity, queryRows, tenantFilter } from '../../../kernel/resources';
import type { MessageContent, SendingContacts } from '../contacts';
import { openProvider } from '../providers/open';
import { type ChannelProvider, SendFailure } from '../providers/types';
import { campaignPushSubscriptions, campaigns } from '../tables';
import { type Claimed, claimBatch, LEASE_SECONDS, type Outcome, recordOutcomes, releaseRows, remaining, skipRows } from './claim';
import { sendClock } from './clock';
import { type ComposeContext, compose } from './compose';
import { channelLimit } from './limits';
import { takeTokens } from './throttle';

// One slice of a campaign's send (a job, at most SLICE_MS): claim a batch, check consent and
// suppression again, take message credits, render, send within the shared rate limit, and record
// each outcome with its state. The slice then hands over to the next (campaigns.send again), so
// campaigns take turns in a process and a long send never holds a job for hours.

type Campaign = typeof campaigns.$inferSelect;

export const SLICE_MS = 10_000;
const BATCH = 200;
/** Outcomes recorded at least every this many messages (and every half second). */
export const FLUSH_EVERY = 100;
/** First retry of a transient failure after this, doubling per attempt (at most RETRY_MAX_MS). */
export const RETRY_BASE_MS = 2000;
const RETRY_MAX_MS = 10 * 60_000;

/** Messages sent per reservation at a rate: half a second's worth (at most a batch). */
export const chunkOf = (perSecond: number) => Math.min(BATCH, Math.max(1, Math.ceil(perSecond / 2)));

export type SliceResult = 'again' | 'finished' | 'stopped' | 'waiting';

export interface DeliverDeps {
  app: FastifyInstance;
  contacts: SendingContacts;
  /** The server's public address for tracking links. */
  baseUrl: string;
  /** Message credits (billing's quotas, when a module provides them). */
  consume?: (tx: Db, tenantId: string, key: string, amount: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readCampaign(tx: Db, tenantId: string, id: string): Promise<Campaign | undefined> {
  const [row] = await tx
    .select()
    .from(campaigns)
    .where(and(tenantFilter(campaigns, tenantId), eq(campaigns.id, id)));
  return row;
}

/** The variants a send may claim now: everyone, or A and B until an A/B test has its winner. */
export const claimableVariants = (c: Campaign): string[] => (!c.abTest ? [''] : c.abTest.winner ? ['a', 'b', 'rest'] : ['a', 'b']);

export async function deliverSlice(deps: DeliverDeps, tenantId: string, campaignId: string, community: string): Promise<SliceResult> {
  const { app, contacts } = deps;
  const deadline = Date.now() + SLICE_MS;
  const start = await app.db.withTenant(tenantId, async (tx) => {
    const campaign = await readCampaign(tx, tenantId, campaignId);
    if (!campaign || campaign.status !== 'sending') return null;
    const content = campaign.templateId ? await contacts.content(tx, tenantId, campaign.channel, campaign.templateId) : null;
    const personalizer = await contacts.personalizer(app, tx, tenantId);
    return { campaign, content, personalizer };
  });
  if (!start) return 'stopped';
  const { campaign, personalizer } = start;
  if (!start.content) {
    await stopCampaign(app, tenantId, campaignId, 'failed', 'The campaign has no template (or it was deleted)');
    return 'stopped';
  }
  let provider: ChannelProvider;
  try {
    provider = await app.db.withTenant(tenantId, (tx) =>
      openProvider({ app, tx, tenantId, community, contacts, channel: campaign.channel, baseUrl: deps.baseUrl }),
    );
  } catch (error) {
    await stopCampaign(
      app,
      tenantId,
      campaignId,
      'paused',
      `The ${campaign.channel} provider could not be opened: ${(error as Error).message}`,
    );
    return 'stopped';
  }
  const ctx: ComposeContext = {
    campaign,
    content: start.content as MessageContent,
    personalizer,
    community,
    secret: app.config.jwtSecret,
    baseUrl: deps.baseUrl,
  };
  const variants = claimableVariants(campaign);

  try {
    // The provider's own limit, else the channel's (campaigns/channel-limits), else the default.
    const limit = await app.db.withTenant(tenantId, (tx) => channelLimit(tx, tenantId, campaign.channel, provider.name));
    const rates = [{ key: `${campaign.channel}:${provider.name}`, rate: limit }];
    if (campaign.throttlePerSecond)
      rates.push({ key: `campaign:${campaign.id}`, rate: { ...limit, perSecond: campaign.throttlePerSecond } });
    let first = true;
    while (Date.now() < deadline) {
      // A slice's first claim also takes back rows a dead sender left past their lease (claim.ts).
      const batch = await claim(deps, campaign, variants, first);
      first = false;
      if (batch === 'stopped') return 'stopped';
      if (batch.length === 0) {
        const left = await app.db.withTenant(tenantId, (tx) => remaining(tx, tenantId, campaignId, variants));
        if (left.open === 0) return (await settle(deps, tenantId, campaignId)) ? 'finished' : 'waiting';
        // Retries, or rows another sender holds (its lease runs out if it died): wait for the first
        // to come due, at most to the end of the slice (never a busy loop of empty slices).
        if (left.dueInMs > 10 * 60_000) return 'waiting';
        await sleep(Math.max(50, Math.min(left.dueInMs, deadline - Date.now(), 2000)));
        continue;
      }
      const stopped = await sendBatch(deps, ctx, provider, rates, limit, batch);
      if (stopped) return 'stopped';
    }
    return 'again';
  } finally {
    await provider.close();
  }
}

/** Claims a batch in one transaction: rows into `sending`, those no longer sendable skipped, credits taken. */
async function claim(deps: DeliverDeps, campaign: Campaign, variants: string[], expired: boolean): Promise<Claimed[] | 'stopped'> {
  const { app, contacts } = deps;
  const tenantId = campaign.tenantId;
  try {
    return await app.db.withTenant(tenantId, async (tx) => {
      const [current] = await tx
        .select({ status: campaigns.status })
        .from(campaigns)
        .where(and(tenantFilter(campaigns, tenantId), eq(campaigns.id, campaign.id)));
      if (current?.status !== 'sending') return 'stopped' as const;
      const claimed = await claimBatch(tx, tenantId, campaign.id, variants, BATCH, { expired });
      if (claimed.length === 0) return claimed;
      const withContact = claimed.filter((r) => r.contactId);
      const sendable = await contacts.stillSendable(
        tx,
        tenantId,
        campaign.channel,
        withContact.map((r) => r.contactId!),
      );
      const gone = withContact.filter((r) => !sendable.has(r.contactId!)).map((r) => r.id);
      await skipRows(tx, tenantId, gone, 'No longer sendable: unsubscribed, opted out or suppressed since the launch');
      const kept = claimed.filter((r) => !gone.includes(r.id));
      // Credits for first attempts only (a retry or a reclaimed row was paid for when first claimed).
      const fresh = kept.filter((r) => r.attempts === 1).length;
      if (fresh > 0) await deps.consume?.(tx, tenantId, `messages:${campaign.channel}`, fresh);
      return kept;
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 402) {
      await stopCampaign(app, tenantId, campaign.id, 'paused', error.message);
      return 'stopped';
    }
    throw error;
  }
}

/** Sends a claimed batch within the rate limit; returns true when the campaign stopped meanwhile (pause, cancel). */
async function sendBatch(
  deps: DeliverDeps,
  ctx: ComposeContext,
  provider: ChannelProvider,
  rates: { key: string; rate: { perSecond: number; windowSeconds: number; windowMax: number } }[],
  limit: { maxAttempts: number; pauseAfterFailures: number },
  batch: Claimed[],
): Promise<boolean> {
  const { app } = deps;
  const { campaign } = ctx;
  const tenantId = campaign.tenantId;
  const values = await app.db.withTenant(tenantId, (tx) =>
    ctx.personalizer.valuesFor(
      tx,
      batch.filter((r) => r.contactId).map((r) => r.contactId!),
    ),
  );
  await provider.prepare?.(batch.map((r) => r.address));

  const outcomes: Outcome[] = [];
  const inFlight = new Set<string>();
  /** The claim set the batch's lease. */
  let leaseRenewedAt = Date.now();
  const pending: Promise<void>[] = [];
  let failureStreak = 0;
  let sentSince = false;
  let lastError = '';
  const gone: string[] = [];

  const flush = async () => {
    const done = outcomes.splice(0);
    if (done.length === 0) return false;
    const paused = await app.db.withTenant(tenantId, async (tx) => {
      // The rows still in flight keep their lease: renewed a third of the way into it, not at every flush
      // (one update of up to a batch's rows each time was most of a flush's work).
      const renew = Date.now() - leaseRenewedAt > (LEASE_SECONDS * 1000) / 3;
      if (renew) leaseRenewedAt = Date.now();
      await recordOutcomes(tx, tenantId, done, renew ? [...inFlight] : []);
      if (gone.length) {
        const ids = gone.splice(0);
        await tx.execute(
          sql`delete from ${campaignPushSubscriptions} where ${inCommunity(tenantId)} and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`,
        );
      }
      const streak = failureStreak;
      const reset = sentSince;
      failureStreak = 0;
      sentSince = false;
      const [row] = await queryRows<{ consecutive_failures: number; status: string }>(
        tx,
        sql`
          update campaigns set consecutive_failures = case when ${reset} then ${streak} else consecutive_failures + ${streak} end,
                 heartbeat_at = now()
           where ${inCommunity(tenantId)} and id = ${campaign.id}
          returning consecutive_failures, status`,
      );
      if (row && row.status === 'sending' && row.consecutive_failures >= limit.pauseAfterFailures) {
        await tx
          .update(campaigns)
          .set({
            status: 'paused',
            statusReason: `Paused after ${row.consecutive_failures} failures in a row. Last error: ${lastError}`,
            updatedAt: new Date(),
          })
          .where(and(tenantFilter(campaigns, tenantId), eq(campaigns.id, campaign.id)));
        return true;
      }
      return row?.status !== 'sending';
    });
    return paused;
  };

  const sendOne = async (r: Claimed, releasedAt: number) => {
    try {
      const message = await compose(ctx, r, values.get(r.contactId ?? '') ?? {});
      const sent = await provider.send(message);
      outcomes.push({
        id: r.id,
        state: 'sent',
        providerMessageId: sent.providerMessageId,
        error: null,
        sentAt: new Date(releasedAt).toISOString(),
      });
      sentSince = true;
      failureStreak = 0;
    } catch (error) {
      const failure =
        error instanceof SendFailure
          ? error
          : new SendFailure(error instanceof AppError && error.status < 500 ? 'permanent' : 'transient', (error as Error).message);
      lastError = failure.message;
      if (failure.kind === 'gone') gone.push(r.address);
      if (failure.kind === 'rate_limited') {
        outcomes.push({
          id: r.id,
          state: 'queued',
          error: failure.message,
          nextAt: new Date(Date.now() + (failure.retryAfterMs ?? 5000)).toISOString(),
        });
      } else if (failure.kind === 'transient' && r.attempts < limit.maxAttempts) {
        failureStreak++;
        const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (r.attempts - 1));
        outcomes.push({ id: r.id, state: 'queued', error: failure.message, nextAt: new Date(Date.now() + delay).toISOString() });
      } else {
        failureStreak++;
        outcomes.push({ id: r.id, state: 'failed', error: failure.message });
      }
    } finally {
      inFlight.delete(r.id);
    }
  };

  const clock = sendClock();
  let i = 0;
  let tokens = 0;
  let releasedAt = 0;
  let stopped = false;
  let checkedAt = Date.now();
  for (const r of batch) inFlight.add(r.id);
  while (i < batch.length && !stopped) {
    if (tokens === 0) {
      // Half a second's worth at a time (one reservation per bucket, then wait until it is due): the
      // reservation's own round trip stays well inside the interval even on a busy database.
      // The chunk is released when the last of its tokens is due (`releasedAt`, the send clock's
      // time: the instant each of its messages records as sent).
      let granted = Math.min(batch.length - i, chunkOf(rates[0].rate.perSecond));
      let wait = 0;
      const at = clock.now();
      for (const { key, rate } of rates) {
        const grant = await takeTokens(app.db, tenantId, key, granted, rate, clock.drivesLimiter ? at : undefined);
        granted = Math.min(granted, grant.granted);
        wait = Math.max(wait, grant.waitMs);
      }
      releasedAt = at + wait;
      await clock.waitUntil(releasedAt);
      tokens = granted;
      if (tokens === 0) continue;
    }
    while (inFlight.size - (batch.length - i) >= provider.concurrency) await Promise.race(pending);
    const r = batch[i++];
    tokens--;
    const p = sendOne(r, releasedAt);
    pending.push(p);
    p.then(() => pending.splice(pending.indexOf(p), 1));
    if (outcomes.length >= FLUSH_EVERY || Date.now() - checkedAt > 500) {
      checkedAt = Date.now();
      stopped = await flush();
    }
  }
  await Promise.all(pending);
  if (stopped) {
    // Paused or cancelled meanwhile: what was claimed but not sent goes back to the queue.
    await app.db.withTenant(tenantId, (tx) =>
      releaseRows(
        tx,
        tenantId,
        batch.slice(i).map((r) => r.id),
      ),
    );
  }
  return (await flush()) || stopped;
}

/** Ends a send when nothing is left: `sent` (in one transaction that checks again under the campaign's lock). */
async function settle(deps: DeliverDeps, tenantId: string, campaignId: string): Promise<boolean> {
  return deps.app.db.withTenant(tenantId, async (tx) => {
    const [row] = await queryRows<{ status: string; drip_id: string | null }>(
      tx,
      sql`select status, drip_id from campaigns where ${inCommunity(tenantId)} and id = ${campaignId} for update`,
    );
    // A drip's step keeps sending while the drip runs: its next recipients come as contacts reach it.
    if (row?.status !== 'sending' || row.drip_id) return false;
    const left = await remaining(tx, tenantId, campaignId, ['', 'a', 'b', 'rest']);
    if (left.open > 0) return false;
    await tx
      .update(campaigns)
      .set({ status: 'sent', finishedAt: new Date(), statusReason: null, updatedAt: new Date() })
      .where(and(tenantFilter(campaigns, tenantId), eq(campaigns.id, campaignId)));
    return true;
  });
}

export async function stopCampaign(app: FastifyInstance, tenantId: string, campaignId: string, to: 'paused' | 'failed', reason: string) {
  await app.db.withTenant(tenantId, (tx) =>
    tx
      .update(campaigns)
      .set({ status: to, statusReason: reason, updatedAt: new Date() })
      .where(and(tenantFilter(campaigns, tenantId), eq(campaigns.id, campaignId), eq(campaigns.status, 'sending'))),
  );
}
