import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OutboundError } from '../../../kernel/messaging';
import { AppError, errors, type Scope } from '../../../kernel/resources';
import { quotasOf } from '../quotas/port';
import { aiAllowance } from './allowance';

/** The writing tasks the console offers, each with what it is given. */
export const AI_TASKS = ['product-description', 'blog-summary', 'subject-lines', 'alt-text'] as const;
export type AiTask = (typeof AI_TASKS)[number];

export const aiWriteInput = z.object({
  task: z.enum(AI_TASKS),
  /** The product's name, the post's title, the campaign's topic, the image's file name or caption. */
  title: z.string().trim().max(300).default(''),
  /** What there is so far: notes, the post's text, the campaign's text, what the image shows. */
  text: z.string().trim().max(20_000).default(''),
  /** A tone or other wish (friendly, formal…). */
  tone: z.string().trim().max(100).optional(),
});
export type AiWriteInput = z.infer<typeof aiWriteInput>;

const INSTRUCTIONS: Record<AiTask, string> = {
  'product-description':
    'Write a product description for an online shop: two short paragraphs, concrete and honest, no invented facts, no headings.',
  'blog-summary': 'Summarise the blog post in two or three sentences for its listing and search results. Keep its facts; add none.',
  'subject-lines':
    'Suggest five email subject lines for this campaign, each under 60 characters, one per line, without numbering or quotes.',
  'alt-text':
    'Write the alternative text of this image for people using a screen reader: one sentence under 125 characters, no "image of".',
};

const CALL_MS = 30_000;
/** The answer a chat-completions API gives (the part read). */
const completion = z.object({ choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1) });

/** Whether writing assistance is on (AI_BASE_URL and AI_MODEL set), and the community's AI credits. */
export async function aiStatus(app: FastifyInstance, scope: Scope) {
  return { enabled: Boolean(app.config.ai), tasks: AI_TASKS, credits: await aiAllowance(app, scope) };
}

/**
 * One piece of writing assistance: one AI credit taken first (in its own transaction, so concurrent
 * requests queue on the usage row and never pass the limit: a refusal is the quotas' 402 naming the
 * AI credits add-on), then the chat-completions call; a call that fails gives the credit back.
 */
export async function aiWrite(app: FastifyInstance, scope: Scope, input: AiWriteInput) {
  const ai = app.config.ai;
  if (!ai) throw errors.conflict('ai_off', 'AI writing is not set up on this server (AI_BASE_URL and AI_MODEL)');
  if (!input.title && !input.text) throw errors.validation({ text: 'Give a title or some text to work from' });
  const quotas = quotasOf(app);
  await scope.db.withTenant(scope.tenantId, (tx) => quotas.consume(tx, scope, 'ai', 1));
  let content: string;
  try {
    content = await complete(app, input);
  } catch (error) {
    await scope.db.withTenant(scope.tenantId, (tx) => quotas.release(tx, scope, 'ai', 1));
    throw error;
  }
  const suggestions =
    input.task === 'subject-lines'
      ? content
          .split('\n')
          .map((l) =>
            l
              .replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '')
              .replace(/^["“]|["”]$/g, '')
              .trim(),
          )
          .filter(Boolean)
      : [content];
  return { task: input.task, text: content, suggestions, credits: await aiAllowance(app, scope) };
}

async function complete(app: FastifyInstance, input: AiWriteInput): Promise<string> {
  const ai = app.config.ai!;
  const user = [input.title && `Title: ${input.title}`, input.text && `Text:\n${input.text}`, input.tone && `Tone: ${input.tone}`]
    .filter(Boolean)
    .join('\n\n');
  const failed = (why: string) => new AppError(502, 'ai_failed', `The AI service did not answer (${why}); no credit was used. Try again.`);
  let res: Awaited<ReturnType<typeof app.outbound.request>>;
  try {
    res = await app.outbound.request(`${ai.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(ai.apiKey ? { authorization: `Bearer ${ai.apiKey}` } : {}) },
      body: JSON.stringify({
        model: ai.model,
        messages: [
          { role: 'system', content: INSTRUCTIONS[input.task] },
          { role: 'user', content: user },
        ],
        temperature: 0.7,
      }),
      timeoutMs: CALL_MS,
    });
  } catch (error) {
    if (error instanceof OutboundError) throw failed(error.kind);
    throw error;
  }
  if (!res.ok) throw failed(`status ${res.status}`);
  let parsed: z.infer<typeof completion>;
  try {
    parsed = completion.parse(JSON.parse(res.body.toString('utf8')));
  } catch {
    throw failed('an answer it could not read');
  }
  const text = parsed.choices[0].message.content.trim();
  if (!text) throw failed('an empty answer');
  return text;
}
