import { createECDH, createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, inCommunity, type Scope, tenantFilter } from '../../kernel/resources';
import type { MessageContent } from './contacts';
import { transition } from './domain/states';
import { claimBatch, type Outcome, recordOutcomes, skipRows } from './engine/claim';
import { type ComposeContext, compose } from './engine/compose';
import { communityName, publicAddress } from './engine/jobs';
import { contactsOf, lockCampaign, materialise } from './engine/lifecycle';
import { outboxProvider } from './providers/channels';
import { campaignsResource } from './resources/campaigns';
import { type CampaignChannel, campaignPushSubscriptions, campaigns } from './tables';
import { type TrackedAt, trackMany } from './tracking/record';

// The demo community's sent campaigns, one per channel, sent last week: launched through the
// engine's own steps (the audience materialised after consent and suppression, each recipient
// claimed, its message composed and handed to the development outbox, the outcome recorded with
// its state), at the times a throttled send would have had, then what came back afterwards —
// delivery reports, opens, clicks, reads, a few failures, bounces and unsubscribes — recorded as the
// tracking endpoints record them, at their own past times. Who opens or clicks is decided by a hash
// of the address, so every seed of the same contacts gives the same figures.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A number in [0, 1) from the parts: the same for the same recipient on every seed. */
const chance = (...parts: string[]) => createHash('md5').update(parts.join('\n')).digest().readUInt32BE(0) / 2 ** 32;

type Audience = { id: string; name: string; channel: string; contactCount: number };

interface Plan {
  name: string;
  channel: CampaignChannel;
  templateId: string;
  audienceIds: string[];
  /** Launched this many days ago, at this UTC hour. */
  daysAgo: number;
  hour: number;
  /** The pace of the send (messages per second), as the channel's rate limit would have had it. */
  perSecond: number;
}

interface Sent {
  id: string;
  contactId: string | null;
  address: string;
  at: number;
}

const USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
];
const agentOf = (address: string) => USER_AGENTS[Math.floor(chance('agent', address) * USER_AGENTS.length)];

export async function seedSentCampaigns(app: FastifyInstance, scope: Scope) {
  const { tenantId } = scope;
  const contacts = contactsOf(app);
  const templates = await scope.db.withTenant(tenantId, (tx) => contacts.templates(tx, tenantId));
  // Marketing's audiences, read through the registry (campaigns does not import marketing's resources).
  const listed = await app.resources.get('marketing/audiences')?.list(scope, { limit: 50, offset: 0, withTotal: 'false' });
  const audiences: Audience[] = (listed?.data ?? []).map((a) => ({
    id: a.id,
    name: String(a.name),
    channel: String(a.channel),
    contactCount: Number(a.contactCount),
  }));
  const templateOf = (channel: string, name: string) =>
    (templates.find((t) => t.channel === channel && t.name === name) ?? templates.find((t) => t.channel === channel))?.id;
  /** The channel's smallest audience with anyone in it (a quick send, and every channel's reports filled). */
  const audienceOf = (channel: string) =>
    audiences
      .filter((a) => a.channel === channel && Number(a.contactCount) > 0)
      .sort((x, y) => Number(x.contactCount) - Number(y.contactCount) || x.name.localeCompare(y.name))[0]?.id;
  const emailTemplate = await linkedEmailTemplate(app, scope, templates);

  // Browsers that took the community's web push: some of its push-consenting contacts.
  await seedPushSubscriptions(app, scope, audiences);

  const plans: (Plan | null)[] = [
    withParts({ name: 'Newsletter: projects of the month', channel: 'email', daysAgo: 6, hour: 8, perSecond: 50 }, emailTemplate, [
      audienceOf('email'),
    ]),
    withParts(
      { name: 'Design Week thank-you SMS', channel: 'sms', daysAgo: 5, hour: 10, perSecond: 5 },
      templateOf('sms', 'Site visit reminder'),
      [audienceOf('sms')],
    ),
    withParts(
      { name: 'VIP delivery updates on WhatsApp', channel: 'whatsapp', daysAgo: 4, hour: 9, perSecond: 10 },
      templateOf('whatsapp', 'delivery_scheduled'),
      [audienceOf('whatsapp')],
    ),
    // Push goes to every subscribed browser (no audience).
    withParts(
      { name: 'Roof tiles back in stock', channel: 'push', daysAgo: 3, hour: 12, perSecond: 20 },
      templateOf('push', 'Back in stock'),
      [],
    ),
  ];
  for (const plan of plans) if (plan) await sendLastWeek(app, scope, plan);
}

function withParts(
  plan: Omit<Plan, 'templateId' | 'audienceIds'>,
  templateId: string | undefined,
  audienceIds: (string | undefined)[],
): Plan | null {
  const ids = audienceIds.filter((a): a is string => Boolean(a));
  if (!templateId || (plan.channel !== 'push' && ids.length === 0)) return null;
  return { ...plan, templateId, audienceIds: ids };
}

const linksOf = (html: string | undefined) => [
  ...new Set([...(html ?? '').matchAll(/href="(https?:\/\/[^"{}]+)"/g)].map((m) => m[1].replaceAll('&amp;', '&'))),
];

/** The email template with the most links (clicks to report), the name breaking ties. */
async function linkedEmailTemplate(app: FastifyInstance, scope: Scope, templates: { id: string; name: string; channel: string }[]) {
  const contacts = contactsOf(app);
  let best: { id: string; name: string; links: number } | null = null;
  await scope.db.withTenant(scope.tenantId, async (tx) => {
    for (const t of templates.filter((x) => x.channel === 'email')) {
      const links = linksOf((await contacts.content(tx, scope.tenantId, 'email', t.id))?.html).length;
      if (!best || links > best.links || (links === best.links && t.name < best.name)) best = { id: t.id, name: t.name, links };
    }
  });
  return (best as { id: string } | null)?.id;
}

/** Up to 150 browsers of push-consenting contacts (of the largest audience), registered over the last two months. */
async function seedPushSubscriptions(app: FastifyInstance, scope: Scope, audiences: Audience[]) {
  const { tenantId } = scope;
  const largest = [...audiences].sort((x, y) => Number(y.contactCount) - Number(x.contactCount) || x.name.localeCompare(y.name))[0];
  if (!largest) return;
  await scope.db.withTenant(tenantId, async (tx) => {
    const page = await contactsOf(app).audiencePage(tx, tenantId, largest.id, 'push', null, 150);
    if (page.members.length === 0) return;
    const now = Date.now();
    await tx.insert(campaignPushSubscriptions).values(
      page.members.map((m) => {
        const firefox = chance('browser', m.contactId) < 0.25;
        const token = createHash('sha256').update(`push ${m.contactId}`).digest('base64url');
        const registered = new Date(now - (7 + Math.floor(chance('registered', m.contactId) * 55)) * DAY);
        const ecdh = createECDH('prime256v1');
        ecdh.generateKeys();
        return {
          tenantId,
          endpoint: firefox
            ? `https://updates.push.services.mozilla.com/wpush/v2/${token}`
            : `https://fcm.googleapis.com/fcm/send/${token.slice(0, 22)}:${token}`,
          p256dh: ecdh.getPublicKey('base64url'),
          auth: randomBytes(16).toString('base64url'),
          contactId: m.contactId,
          userAgent: firefox ? 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0' : agentOf(m.address),
          lastSeenAt: new Date(now - Math.floor(chance('seen', m.contactId) * 6) * DAY),
          createdAt: registered,
          updatedAt: registered,
        };
      }),
    );
  });
}

async function sendLastWeek(app: FastifyInstance, scope: Scope, plan: Plan) {
  const { tenantId } = scope;
  const contacts = contactsOf(app);
  const created = await campaignsResource.create(scope, {
    name: plan.name,
    channel: plan.channel,
    templateId: plan.templateId,
    audienceIds: plan.audienceIds,
    overrides: {},
    sender: {},
  });
  const id = String(created.id);
  const launched = new Date(Date.now() - plan.daysAgo * DAY);
  launched.setUTCHours(plan.hour, 0, 0, 0);
  const launchedAt = launched.getTime();
  const community = await communityName(app, tenantId);

  await scope.db.withTenant(tenantId, async (tx) => {
    const campaign = await lockCampaign(tx, tenantId, id);
    const sending = { ...campaign, status: transition(campaign.status, 'launch') };
    // The launch: one row per sendable recipient, then every row claimed and sent (one batch).
    const count = await materialise(app, tx, sending);
    const claimed = (await claimBatch(tx, tenantId, id, [''], Math.max(count, 1))).sort((a, b) => a.address.localeCompare(b.address));
    const withContact = claimed.filter((r) => r.contactId).map((r) => r.contactId!);
    const sendable = await contacts.stillSendable(tx, tenantId, plan.channel, withContact);
    const gone = claimed.filter((r) => r.contactId && !sendable.has(r.contactId)).map((r) => r.id);
    await skipRows(tx, tenantId, gone, 'No longer sendable: unsubscribed, opted out or suppressed since the launch');
    const kept = claimed.filter((r) => !gone.includes(r.id));
    const content = (await contacts.content(tx, tenantId, plan.channel, plan.templateId)) as MessageContent;
    const personalizer = await contacts.personalizer(app, tx, tenantId);
    const values = await personalizer.valuesFor(tx, withContact);
    const ctx: ComposeContext = {
      campaign: sending,
      content,
      personalizer,
      community,
      secret: app.config.jwtSecret,
      baseUrl: publicAddress(app),
    };
    const provider = outboxProvider(plan.channel);
    const outcomes: Outcome[] = [];
    const sent: Sent[] = [];
    for (const [i, r] of kept.entries()) {
      const message = await compose(ctx, r, values.get(r.contactId ?? '') ?? {});
      const { providerMessageId } = await provider.send(message);
      const at = launchedAt + Math.floor((i * 1000) / plan.perSecond);
      outcomes.push({ id: r.id, state: 'sent', providerMessageId, error: null, sentAt: new Date(at).toISOString() });
      sent.push({ id: r.id, contactId: r.contactId, address: r.address, at });
    }
    await recordOutcomes(tx, tenantId, outcomes, []);
    const finishedAt = new Date((sent.at(-1)?.at ?? launchedAt) + 1000);
    await tx.execute(sql`update campaign_recipients set created_at = ${launched}, next_attempt_at = ${launched}
                          where ${inCommunity(tenantId)} and campaign_id = ${id}`);

    // What came back.
    const happenings = afterwards(plan.channel, sent, linksOf(content.html));
    await trackMany(tx, tenantId, happenings);
    await feedConsent(app, tx, tenantId, plan.channel, sent, happenings);

    await tx
      .update(campaigns)
      .set({
        status: transition(sending.status, 'finish'),
        recipientCount: count,
        launchedAt: launched,
        finishedAt,
        heartbeatAt: finishedAt,
        createdAt: new Date(launchedAt - 2 * DAY),
        updatedAt: finishedAt,
      })
      .where(and(tenantFilter(campaigns, tenantId), eq(campaigns.id, id)));
  });
}

/**
 * Each recipient's outcome after the send, by channel: email opens (some twice) and clicks on the
 * template's links (the first links most), a few hard bounces and unsubscribes; SMS delivery
 * reports (a few undelivered); WhatsApp delivered and read, a few undeliverable; push shown and
 * clicked (a browser offline never reports).
 */
function afterwards(channel: CampaignChannel, sent: Sent[], links: string[]): TrackedAt[] {
  const out: TrackedAt[] = [];
  const now = Date.now();
  const add = (h: TrackedAt) => {
    if (h.at.getTime() < now) out.push(h);
  };
  for (const s of sent) {
    const u = (what: string) => chance(channel, what, s.address);
    const fate = u('fate');
    switch (channel) {
      case 'email': {
        if (fate < 0.012) {
          add({ recipientId: s.id, kind: 'bounce', at: new Date(s.at + 2 * MINUTE), error: '550 5.1.1 The email account does not exist' });
          break;
        }
        if (u('open') >= 0.41) break;
        const userAgent = agentOf(s.address);
        const opened = s.at + 3 * MINUTE + Math.floor(u('when') ** 3 * 46 * HOUR);
        add({ recipientId: s.id, kind: 'open', at: new Date(opened), userAgent });
        if (u('again') < 0.3)
          add({ recipientId: s.id, kind: 'open', at: new Date(opened + 2 * HOUR + Math.floor(u('later') * 20 * HOUR)), userAgent });
        if (u('click') < 0.24 && links.length > 0) {
          const weights = links.map((_, k) => 1 / (k + 1));
          let pick = u('link') * weights.reduce((a, b) => a + b, 0);
          let k = 0;
          while (k < links.length - 1 && pick >= weights[k]) pick -= weights[k++];
          add({
            recipientId: s.id,
            kind: 'click',
            at: new Date(opened + 20_000 + Math.floor(u('read') * 8 * MINUTE)),
            url: links[k],
            userAgent,
          });
        }
        if (fate >= 0.012 && fate < 0.017) add({ recipientId: s.id, kind: 'unsubscribe', at: new Date(opened + 90_000), userAgent });
        break;
      }
      case 'sms':
        if (fate < 0.04) add({ recipientId: s.id, kind: 'failed', at: new Date(s.at + 40_000), error: 'undelivered' });
        else add({ recipientId: s.id, kind: 'delivered', at: new Date(s.at + 3000 + Math.floor(u('when') * 40_000)) });
        break;
      case 'whatsapp': {
        if (fate < 0.03) {
          add({ recipientId: s.id, kind: 'failed', at: new Date(s.at + 5000), error: 'Message Undeliverable' });
          break;
        }
        const delivered = s.at + 2000 + Math.floor(u('when') * 20_000);
        add({ recipientId: s.id, kind: 'delivered', at: new Date(delivered) });
        if (u('read') < 0.74) add({ recipientId: s.id, kind: 'read', at: new Date(delivered + Math.floor(u('later') ** 2 * 30 * HOUR)) });
        break;
      }
      case 'push': {
        if (fate < 0.08) break;
        const userAgent = agentOf(s.address);
        const shown = s.at + 1000 + Math.floor(u('when') * 4000);
        add({ recipientId: s.id, kind: 'delivered', at: new Date(shown), userAgent });
        if (u('click') < 0.13)
          add({ recipientId: s.id, kind: 'click', at: new Date(shown + 5000 + Math.floor(u('later') * 10 * MINUTE)), userAgent });
        break;
      }
    }
  }
  return out;
}

/** Unsubscribes opt the contact out and bounces suppress the address, as the tracking endpoints do (marketing's port). */
async function feedConsent(
  app: FastifyInstance,
  tx: Db,
  tenantId: string,
  channel: CampaignChannel,
  sent: Sent[],
  happenings: TrackedAt[],
) {
  if (channel !== 'email') return;
  const byId = new Map(sent.map((s) => [s.id, s]));
  for (const h of happenings) {
    const s = byId.get(h.recipientId);
    if (!s) continue;
    if (h.kind === 'unsubscribe')
      await contactsOf(app).optOut(tx, tenantId, {
        contactId: s.contactId,
        channel: 'email',
        address: s.address,
        source: 'campaign unsubscribe link',
        userAgent: h.userAgent ?? undefined,
      });
    if (h.kind === 'bounce')
      await contactsOf(app).suppress(tx, tenantId, {
        contactId: s.contactId,
        channel: 'email',
        address: s.address,
        reason: 'bounced',
        note: h.error ?? undefined,
      });
  }
}
