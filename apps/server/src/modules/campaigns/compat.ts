import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { type CompatCall, type CompatEntry, compatScope, compatTable, crudLines, firstOf, inCompatTx } from '../../kernel/compat';
import { parseInput, sameCommunity, tenantFilter } from '../../kernel/resources';
import { contactsOf, launch, schedule } from './engine/lifecycle';
import { calendar } from './reports/calendar';
import { campaignCounts, ratesOf } from './reports/service';
import { campaignsResource } from './resources/campaigns';
import { pushSubscriptionsResource } from './resources/limits';
import { type CampaignChannel, campaignEvents, campaigns } from './tables';

type Handle = CompatEntry['handle'];
const READ = 'campaigns:read';
const WRITE = 'campaigns:write';

const createBody = z.object({
  name: z.string().trim().min(1).max(200),
  templateId: z.uuid().optional(),
  audienceIds: z.array(z.uuid()).max(20).default([]),
  scheduledAt: z.iso.datetime({ offset: true }).optional(),
  sendNow: z.boolean().default(false),
  timeZone: z.string().max(64).optional(),
  subject: z.string().max(300).optional(),
  title: z.string().max(200).optional(),
  body: z.string().max(5000).optional(),
  url: z.url().max(2000).optional(),
  fromName: z.string().max(120).optional(),
  fromEmail: z.email().max(254).optional(),
  senderId: z.string().max(15).optional(),
});

/**
 * The seeds' create calls of each channel: a campaign from the composer's fields (old names
 * accepted), then scheduled when a time is given or sent when `sendNow` (else a draft).
 */
const create =
  (channel: CampaignChannel): Handle =>
  async (call: CompatCall) => {
    const b = call.body;
    const audiences = firstOf(b, 'audienceIds', 'audiences', 'segmentIds');
    const single = firstOf(b, 'audienceId', 'segmentId');
    const input = parseInput(createBody, {
      name: firstOf(b, 'name', 'campaignName', 'title'),
      templateId: firstOf(b, 'templateId', 'template'),
      audienceIds: Array.isArray(audiences) ? audiences : single ? [single] : [],
      scheduledAt: firstOf(b, 'scheduledAt', 'scheduleTime', 'schedule'),
      sendNow: b.sendNow === true || b.sendNow === 'true',
      timeZone: b.timeZone,
      subject: b.subject,
      title: channel === 'push' ? b.title : undefined,
      body: b.body,
      url: firstOf(b, 'url', 'urlText') && typeof b.url === 'string' ? b.url : undefined,
      fromName: b.fromName,
      fromEmail: b.fromEmail,
      senderId: b.senderId,
    }) as z.infer<typeof createBody>;
    const scope = compatScope(call);
    const overrides = Object.fromEntries(
      Object.entries({ subject: input.subject, title: input.title, body: input.body, url: input.url }).filter(([, v]) => v !== undefined),
    );
    const sender = Object.fromEntries(
      Object.entries({ fromName: input.fromName, fromEmail: input.fromEmail, senderId: input.senderId }).filter(([, v]) => v !== undefined),
    );
    const created = await campaignsResource.create(scope, {
      name: input.name,
      channel,
      templateId: input.templateId ?? null,
      audienceIds: input.audienceIds,
      overrides,
      sender,
      ...(input.timeZone ? { timeZone: input.timeZone } : {}),
    });
    const id = String(created.id);
    if (input.scheduledAt) return inCompatTx(call, (tx, s) => schedule(call.req.server, tx, s, id, new Date(input.scheduledAt!)));
    if (input.sendNow) return inCompatTx(call, (tx, s) => launch(call.req.server, tx, s, id));
    return created;
  };

/** Every channel's templates in one list, for the composer. */
const allTemplates: Handle = (call) =>
  inCompatTx(call, async (tx, s) => {
    const channel = typeof call.body.channel === 'string' ? call.body.channel : undefined;
    return (await contactsOf(call.req.server).templates(tx, s.tenantId)).filter((t) => !channel || t.channel === channel);
  });

/** The browsers registered for the community's web push, newest first (keys not shown). */
const registeredUsers: Handle = async (call) =>
  (await pushSubscriptionsResource.list(compatScope(call), { limit: 200, offset: 0, withTotal: 'false' })).data;

/** Push campaigns with their figures (sent, delivered, clicked). */
const pushCampaignReports: Handle = (call) =>
  inCompatTx(call, async (tx, s) => {
    const rows = await tx
      .select()
      .from(campaigns)
      .where(and(tenantFilter(campaigns, s.tenantId), eq(campaigns.channel, 'push')))
      .orderBy(desc(campaigns.createdAt))
      .limit(100);
    const out = [];
    for (const c of rows) {
      const counts = await campaignCounts(tx, s.tenantId, c.id);
      out.push({ id: c.id, name: c.name, status: c.status, launchedAt: c.launchedAt, counts, rates: ratesOf(counts) });
    }
    return out;
  });

/** Push delivery and click reports as the service workers sent them (newest first). */
const pushApiReports: Handle = (call) =>
  inCompatTx(call, async (tx, s) => {
    const e = campaignEvents;
    return tx
      .select({
        id: e.id,
        campaignId: e.campaignId,
        recipientId: e.recipientId,
        kind: e.kind,
        userAgent: e.userAgent,
        createdAt: e.createdAt,
      })
      .from(e)
      .innerJoin(campaigns, and(sameCommunity(campaigns, e), eq(campaigns.id, e.campaignId)))
      .where(and(tenantFilter(e, s.tenantId), eq(campaigns.channel, 'push')))
      .orderBy(desc(e.createdAt))
      .limit(Math.min(500, Number(call.body.limit) || 100));
  });

/** The calendar's entries: campaigns scheduled or sent and marketing events, from `from` to `to` (default: three months around today). */
const allEvents: Handle = async (call) => {
  const now = Date.now();
  const range = parseInput(z.object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) }), {
    from: call.body.from ?? new Date(now - 45 * 86_400_000).toISOString(),
    to: call.body.to ?? new Date(now + 45 * 86_400_000).toISOString(),
  }) as { from: string; to: string };
  return calendar(call.req.server, compatScope(call), new Date(range.from), new Date(range.to));
};

export const campaignsCompat = compatTable([
  ['content', 'POST', '/marcom/sms/create', WRITE, create('sms')],
  ['content', 'POST', '/marcom/email/create', WRITE, create('email')],
  ['content', 'POST', '/marcom/pushNotification/create', WRITE, create('push')],
  ['core', 'POST', '/marcom/whatsapp/create', WRITE, create('whatsapp')],
  crudLines('content', campaignsResource, { get: '/marcom/campaign/getAll' }),
  ['content', 'POST', '/marcom/template/getAll', READ, allTemplates],
  ['content', 'POST', '/marcom/pushNotification/getAllRegisteredUsers', READ, registeredUsers],
  ['content', 'POST', '/marcom/pushNotification/getAllCampaignReport', READ, pushCampaignReports],
  ['content', 'POST', '/marcom/pushNotification/getAllApiReport', READ, pushApiReports],
  ['content', 'POST', '/marcom/events/getAllEvents', READ, allEvents],
]);
