import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, idParams, tenantFilter, tenantRoutes } from '../../../kernel/resources';
import { campaignBotConversations } from '../tables';
import { handOff, lockConversation, queueReply } from './inbound';
import { botConversationsResource } from './resources';

const tags = ['campaigns'];
const write = { access: 'campaigns:write' } as const;
const record = () => botConversationsResource.schemas.record;

/** A person's side of the WhatsApp bot: answer a conversation, take it over, give it back, close it. */
export async function botRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { inTx } = tenantRoutes(app);
  const reply = z.object({ data: record() });

  r.post(
    '/api/v1/campaigns/bot-conversations/:id/reply',
    {
      config: write,
      schema: {
        tags,
        summary: "Sends a person's text reply in the conversation (the bot stays quiet there: it is handed off if it was not)",
        params: idParams,
        body: z.object({ text: z.string().trim().min(1, 'Write a reply').max(4096) }).strict(),
        response: { 200: reply },
      },
    },
    async (req) => ({
      data: await inTx(req, async (tx, s) => {
        const c = await lockConversation(tx, s.tenantId, req.params.id);
        if (c.state === 'closed')
          throw errors.conflict('conversation_closed', 'The conversation is closed: it opens again when the contact writes');
        await queueReply(app, tx, c, req.body.text, 'person');
        const [row] = await tx
          .update(campaignBotConversations)
          .set({
            state: 'handed_off',
            handOffReason: c.state === 'bot' ? `Taken over by ${s.actor.name ?? 'an admin'}` : c.handOffReason,
            unread: 0,
            lastMessage: req.body.text,
            lastMessageAt: new Date(),
            updatedAt: new Date(),
          })
          .where(and(tenantFilter(campaignBotConversations, s.tenantId), eq(campaignBotConversations.id, c.id)))
          .returning();
        return row;
      }),
    }),
  );

  for (const action of ['hand-off', 'hand-back', 'close'] as const) {
    r.post(
      `/api/v1/campaigns/bot-conversations/:id/${action}`,
      {
        config: write,
        schema: {
          tags,
          summary: {
            'hand-off': 'A person takes the conversation over (the bot stops answering it)',
            'hand-back': 'Gives the conversation back to the bot',
            close: 'Closes the conversation (a new message from the contact opens it again, with the bot)',
          }[action],
          params: idParams,
          response: { 200: reply },
        },
      },
      async (req) => ({
        data: await inTx(req, async (tx, s) => {
          const c = await lockConversation(tx, s.tenantId, req.params.id);
          if (action === 'hand-off') {
            if (c.state === 'handed_off') throw errors.conflict('illegal_transition', 'A person already has this conversation');
            await handOff(tx, c, `Taken over by ${s.actor.name ?? 'an admin'}`);
          } else {
            const to = action === 'close' ? 'closed' : 'bot';
            if (c.state === to)
              throw errors.conflict('illegal_transition', `The conversation is already ${to === 'bot' ? 'with the bot' : 'closed'}`);
            await tx
              .update(campaignBotConversations)
              .set({ state: to, handOffReason: null, unread: 0, updatedAt: new Date() })
              .where(and(tenantFilter(campaignBotConversations, s.tenantId), eq(campaignBotConversations.id, c.id)));
          }
          const [row] = await tx
            .select()
            .from(campaignBotConversations)
            .where(and(tenantFilter(campaignBotConversations, s.tenantId), eq(campaignBotConversations.id, c.id)));
          return row;
        }),
      }),
    );
  }
}
