import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notify } from '../../../kernel/notifications';
import { type Db, errors, sameCommunity, tenantFilter } from '../../../kernel/resources';
import { contactsOf } from '../engine/lifecycle';
import { openProvider } from '../providers/open';
import { SendFailure } from '../providers/types';
import { campaignBotConversations, campaignBotMessages, campaignBotRules } from '../tables';
import { matchRule } from './match';

// The WhatsApp bot: each inbound message (from the campaigns' WhatsApp webhook) is kept in its
// conversation; while the bot has the conversation, the first matching rule's reply is queued, and a
// hand-off rule passes the conversation to a person (the admins are notified; the bot stays quiet
// there until it is handed back). Replies leave after the commit (the `campaigns.bot-reply` job).

export const BOT_REPLY_JOB = 'campaigns.bot-reply';
export interface BotReplyJob {
  tenantId: string;
  messageId: string;
}

type Conversation = typeof campaignBotConversations.$inferSelect;

export interface Inbound {
  /** Meta's message id (a redelivered webhook repeats it). */
  id: string;
  /** The sender's number (wa_id). */
  from: string;
  name: string;
  text: string;
}

/** Queues an outbound text in the conversation (sent by the job after the commit). */
export async function queueReply(
  app: FastifyInstance,
  tx: Db,
  c: Conversation,
  text: string,
  author: 'bot' | 'person',
  ruleId: string | null = null,
) {
  const [m] = await tx
    .insert(campaignBotMessages)
    .values({ tenantId: c.tenantId, conversationId: c.id, direction: 'out', text, author, ruleId, status: 'queued' })
    .returning({ id: campaignBotMessages.id });
  await app.jobs.enqueue<BotReplyJob>(tx, c.tenantId, BOT_REPLY_JOB, { tenantId: c.tenantId, messageId: m.id });
  return m.id;
}

/** Takes one inbound message: returns what the bot did. */
export async function receiveInbound(
  app: FastifyInstance,
  tx: Db,
  tenantId: string,
  message: Inbound,
): Promise<'duplicate' | 'replied' | 'handed_off' | 'for_a_person' | 'no_rule'> {
  const now = new Date();
  const [conversation] = await tx
    .insert(campaignBotConversations)
    .values({ tenantId, waId: message.from, name: message.name, lastMessage: message.text, lastMessageAt: now, unread: 1 })
    .onConflictDoUpdate({
      target: [campaignBotConversations.tenantId, campaignBotConversations.waId],
      set: {
        name: sql`case when excluded.name <> '' then excluded.name else ${campaignBotConversations.name} end`,
        lastMessage: message.text,
        lastMessageAt: now,
        unread: sql`${campaignBotConversations.unread} + 1`,
        // A closed conversation opens again with the bot.
        state: sql`case when ${campaignBotConversations.state} = 'closed' then 'bot' else ${campaignBotConversations.state} end`,
        updatedAt: now,
      },
    })
    .returning();
  const kept = await tx
    .insert(campaignBotMessages)
    .values({
      tenantId,
      conversationId: conversation.id,
      direction: 'in',
      text: message.text,
      author: 'contact',
      status: 'received',
      providerMessageId: message.id,
    })
    .onConflictDoNothing()
    .returning({ id: campaignBotMessages.id });
  if (kept.length === 0) {
    // Meta delivered it before: undo the count and answer nothing.
    await tx
      .update(campaignBotConversations)
      .set({ unread: sql`greatest(${campaignBotConversations.unread} - 1, 0)` })
      .where(and(tenantFilter(campaignBotConversations, tenantId), eq(campaignBotConversations.id, conversation.id)));
    return 'duplicate';
  }
  if (conversation.state !== 'bot') return 'for_a_person';
  const rules = await tx.select().from(campaignBotRules).where(tenantFilter(campaignBotRules, tenantId));
  const rule = matchRule(rules, message.text);
  if (!rule) return 'no_rule';
  if (rule.reply.trim()) await queueReply(app, tx, conversation, rule.reply, 'bot', rule.id);
  if (!rule.handOff) return 'replied';
  await handOff(tx, conversation, `Asked for a person ("${message.text.slice(0, 80)}", rule ${rule.name})`);
  return 'handed_off';
}

export async function handOff(tx: Db, c: Conversation, reason: string) {
  await tx
    .update(campaignBotConversations)
    .set({ state: 'handed_off', handOffReason: reason, updatedAt: new Date() })
    .where(and(tenantFilter(campaignBotConversations, c.tenantId), eq(campaignBotConversations.id, c.id)));
  await notify(
    tx,
    { tenantId: c.tenantId },
    {
      title: `WhatsApp: ${c.name || `+${c.waId}`} is waiting for a person`,
      body: reason,
      level: 'warning',
      source: 'campaigns/bot-conversations',
      recordId: c.id,
      link: `/admin-panel/whatsapp-bot?conversation=${c.id}`,
    },
  );
}

export async function lockConversation(tx: Db, tenantId: string, id: string): Promise<Conversation> {
  const [row] = await tx
    .select()
    .from(campaignBotConversations)
    .where(and(tenantFilter(campaignBotConversations, tenantId), eq(campaignBotConversations.id, id)))
    .for('update');
  if (!row) throw errors.notFound('Conversation');
  return row;
}

async function communityName(app: FastifyInstance, tenantId: string) {
  const [row] = await app.db.query<{ name: string }>('select name from communities where id = $1', [tenantId]);
  return row?.name ?? '';
}

/** The job: sends a queued reply through the community's WhatsApp provider and records the outcome (once). */
export async function sendReply(app: FastifyInstance, job: BotReplyJob) {
  const m = await app.db.withTenant(job.tenantId, async (tx) => {
    const [row] = await tx
      .select({
        id: campaignBotMessages.id,
        text: campaignBotMessages.text,
        status: campaignBotMessages.status,
        waId: campaignBotConversations.waId,
      })
      .from(campaignBotMessages)
      .innerJoin(
        campaignBotConversations,
        and(
          sameCommunity(campaignBotConversations, campaignBotMessages),
          eq(campaignBotConversations.id, campaignBotMessages.conversationId),
        ),
      )
      .where(and(tenantFilter(campaignBotMessages, job.tenantId), eq(campaignBotMessages.id, job.messageId)));
    return row;
  });
  if (!m || m.status !== 'queued') return;
  const community = await communityName(app, job.tenantId);
  let outcome: { status: 'sent' | 'failed'; providerMessageId?: string; error?: string };
  try {
    const provider = await app.db.withTenant(job.tenantId, (tx) =>
      openProvider({ app, tx, tenantId: job.tenantId, community, contacts: contactsOf(app), channel: 'whatsapp', baseUrl: '' }),
    );
    try {
      const sent = await provider.send({ key: m.id, to: `+${m.waId}`, payload: { text: m.text } });
      outcome = { status: 'sent', providerMessageId: sent.providerMessageId };
    } finally {
      await provider.close();
    }
  } catch (error) {
    // A transient failure is thrown so the job is retried; a permanent one is recorded.
    if (error instanceof SendFailure && (error.kind === 'transient' || error.kind === 'rate_limited')) throw error;
    outcome = { status: 'failed', error: (error as Error).message.slice(0, 300) };
  }
  await app.db.withTenant(job.tenantId, (tx) =>
    tx
      .update(campaignBotMessages)
      .set({
        status: outcome.status,
        providerMessageId: outcome.providerMessageId ?? null,
        error: outcome.error ?? null,
        updatedAt: new Date(),
      })
      .where(
        and(tenantFilter(campaignBotMessages, job.tenantId), eq(campaignBotMessages.id, m.id), eq(campaignBotMessages.status, 'queued')),
      ),
  );
}
