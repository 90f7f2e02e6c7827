import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consumeRateLimit, type Limit } from '../../../kernel/auth';
import { AppError, type Community, type Db, definePublicForm, errors, requireCommunity, tenantFilter } from '../../../kernel/resources';
import { requestEmailConfirmation } from '../contacts';
import { mergeContact } from '../contacts/merge';
import { marketingLandingPages } from '../tables/pages';
import { pageCache } from './cache';
import { type Block, designSchema, targetOf } from './design';
import { LANDING_CSS, LANDING_JS, renderLandingPage, renderThankYou } from './render';
import { count } from './stats';

// The public side of landing pages at /public/<community>/p/<slug>: the HTML (rendered once per
// version of the page, with an ETag), the counting endpoints (opens beacon, click redirects) and
// the signup form. Drafts do not exist for visitors (404).

/** Signups per visitor address and community. */
export const SIGNUP_LIMIT: Limit = { max: 10, windowSeconds: 600 };
/** Opens and clicks per visitor address and page: past it they are no longer counted (never an error for a visitor). */
export const COUNT_LIMIT: Limit = { max: 60, windowSeconds: 600 };
const HTML_CACHE = 'public, max-age=60, must-revalidate';
const ASSET_CACHE = 'public, max-age=86400';

const params = z.object({ community: z.string().min(1).max(63), slug: z.string().min(1).max(80) });
const blockParams = params.extend({ blockId: z.string().min(1).max(40) });

const signupInput = z.object({
  email: z.email('Enter a valid email address').max(254),
  name: z.string().trim().max(120).optional(),
  phone: z.string().trim().max(40).optional(),
  consent: z.enum(['yes', 'true', 'on'], { error: 'Tick the box to agree' }),
  website: z.string().max(500).optional(),
});

type Found = { community: Community; page: typeof marketingLandingPages.$inferSelect };

/** The published page `slug` of the community, with its content, or 404. */
async function publishedPage(app: FastifyInstance, name: string, slug: string, columns: 'version' | 'all' = 'all') {
  const community = await requireCommunity(app.db, name);
  const p = marketingLandingPages;
  const where = and(tenantFilter(p, community.id), eq(p.slug, slug), eq(p.status, 'published'));
  const [page] = await app.db.readAsTenant(community.id, (db) =>
    columns === 'version'
      ? db.select({ id: p.id, updatedAt: p.updatedAt }).from(p).where(where).limit(1)
      : db.select().from(p).where(where).limit(1),
  );
  if (!page) throw errors.notFound('Landing page');
  return { community, page } as Found;
}

const blockOf = (page: Found['page'], blockId: string): Block | undefined =>
  designSchema.parse(page.design).blocks.find((b) => b.id === blockId);

/** Counts unless the visitor already went past the counting limit (then silently not). */
async function countFor(app: FastifyInstance, req: FastifyRequest, found: Found, metric: 'opens' | 'clicks', blockId?: string) {
  const counted = await consumeRateLimit(app, `landing-count:${found.page.id}:${req.ip}`, COUNT_LIMIT).then(
    () => true,
    () => false,
  );
  if (counted) await app.db.withTenant(found.community.id, (tx) => count(tx, found.community.id, found.page.id, metric, blockId));
  return counted;
}

export async function publicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['marketing'];

  r.get('/public/:community/p/-/landing.css', { config: { public: true }, schema: { tags, hide: true } }, async (_req, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', ASSET_CACHE).send(LANDING_CSS),
  );
  r.get('/public/:community/p/-/landing.js', { config: { public: true }, schema: { tags, hide: true } }, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', ASSET_CACHE).send(LANDING_JS),
  );

  r.get(
    '/public/:community/p/:slug',
    { config: { public: true }, schema: { tags, summary: 'A published landing page as HTML (ETag, cached per version)', params } },
    async (req, reply) => {
      const { community, page } = await publishedPage(app, req.params.community, req.params.slug, 'version');
      const version = page.updatedAt.toISOString();
      let entry = pageCache.get(community.id, req.params.slug, version);
      reply.header('x-cache', entry ? 'hit' : 'miss');
      if (!entry) {
        const { page: full } = await publishedPage(app, req.params.community, req.params.slug);
        const html = renderLandingPage(
          { ...full, design: designSchema.parse(full.design) },
          { community: community.name, communityLabel: community.displayName },
        );
        entry = { pageId: full.id, version: full.updatedAt.toISOString(), etag: `W/"${full.id}-${full.updatedAt.getTime()}"`, html };
        pageCache.set(community.id, req.params.slug, entry);
      }
      reply.header('etag', entry.etag).header('cache-control', HTML_CACHE).header('vary', 'accept-encoding');
      if (req.headers['if-none-match'] === entry.etag) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(entry.html);
    },
  );

  r.post(
    '/public/:community/p/:slug/open',
    { config: { public: true }, schema: { tags, summary: 'Count an open of a published landing page (its script sends this)', params } },
    async (req, reply) => {
      await countFor(app, req, await publishedPage(app, req.params.community, req.params.slug, 'version'), 'opens');
      return reply.code(204).send();
    },
  );

  r.get(
    '/public/:community/p/:slug/go/:blockId',
    {
      config: { public: true },
      schema: { tags, summary: "Count a click on a call-to-action block and go to the block's link", params: blockParams },
    },
    async (req, reply) => {
      const found = await publishedPage(app, req.params.community, req.params.slug);
      const block = blockOf(found.page, req.params.blockId);
      const target = block ? targetOf(block) : null;
      if (!block || !target) throw errors.notFound('Call to action');
      await countFor(app, req, found, 'clicks', block.id);
      return reply.header('cache-control', 'no-store').redirect(target, 302);
    },
  );
}

/** What the signup form belongs to: a published page and its signup block. */
type Signup = Found & { block: Extract<Block, { type: 'signup' }> };

const wantsHtml = (req: FastifyRequest) => String(req.headers.accept ?? '').includes('text/html');
const backTo = (l: Signup) => `/public/${l.community.name}/p/${l.page.slug}`;
const htmlAnswer = (reply: FastifyReply, l: Signup, status: number, message: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(renderThankYou(message, backTo(l)));

/**
 * A landing page's signup block, a public form of the kit (one per page: its id is the event's
 * instance). It posts application/x-www-form-urlencoded (no script on the page); JSON works too. The
 * answer is the same for a new email and a known one (and a trapped bot): it never says who is a
 * contact. A browser posting the page's form gets a page back; an API client gets JSON.
 */
export const landingSignupForm = definePublicForm({
  key: 'marketing.landing-page',
  label: 'Landing page',
  path: 'p/:slug/signup/:blockId',
  summary: "Sign up through a landing page's signup block: creates or updates a contact, with the consent's proof",
  tags: ['marketing'],
  schema: signupInput,
  body: 'urlencoded',
  bodyLimit: 16 * 1024,
  limit: { bucket: 'landing-signup', ...SIGNUP_LIMIT },
  async load(app, req): Promise<Signup> {
    const { community, slug, blockId } = req.params as z.infer<typeof blockParams>;
    const found = await publishedPage(app, community, slug);
    const block = blockOf(found.page, blockId);
    if (block?.type !== 'signup') throw errors.notFound('Signup form');
    return { ...found, block };
  },
  instanceOf: (l) => l.page.id,
  async instances(db, tenantId) {
    const p = marketingLandingPages;
    return db.select({ id: p.id, label: p.name }).from(p).where(tenantFilter(p, tenantId)).orderBy(asc(p.name)).limit(500);
  },
  contact: (input, l) => ({
    name: l.block.askName ? (input.name ?? null) : null,
    email: input.email,
    phone: l.block.askPhone ? (input.phone ?? null) : null,
  }),
  // Single opt-in: the ticked box is the email's consent now; double: only once the link is followed.
  consent: (_input, l) => (l.block.optIn === 'single' ? { email: true } : {}),
  async accept(ctx, input) {
    await signUp(ctx.tx, ctx.loaded, ctx.loaded.block, input, {
      ip: ctx.req.ip,
      userAgent: ctx.req.headers['user-agent'] ?? null,
      // Double opt-in: the confirmation link is mailed after commit (the contacts part's signed link).
      confirm: (contactId) => requestEmailConfirmation(ctx.app, ctx.tx, ctx.community, contactId, ctx.baseUrl),
    });
    return undefined;
  },
  respond: {
    ok: (req, reply, _answer, l) =>
      wantsHtml(req)
        ? htmlAnswer(reply, l, 202, l.block.thankYou)
        : reply.code(202).send({ data: { received: true, confirmation: l.block.optIn === 'double' ? 'pending' : 'not_needed' } }),
    error(req, reply, err, l) {
      if (!wantsHtml(req) || !(err instanceof AppError) || err.status >= 500) return undefined;
      const details = Object.values(err.fields ?? {}).join(' ');
      return htmlAnswer(reply, l, err.status, `${err.message}${details ? `: ${details}` : ''}`);
    },
  },
});

/** The contact merge of a signup: single opt-in records the consent now; double leaves it unknown until confirmed. */
async function signUp(
  tx: Db,
  found: Found,
  block: Extract<Block, { type: 'signup' }>,
  input: z.infer<typeof signupInput>,
  client: { ip: string; userAgent: string | null; confirm: (contactId: string) => Promise<unknown> },
) {
  const { contact } = await mergeContact(
    tx,
    found.community.id,
    {
      name: block.askName ? input.name : undefined,
      email: input.email,
      phone: block.askPhone ? input.phone : undefined,
      tags: block.tags,
      attributes: { landing_page: found.page.slug },
      consent: block.optIn === 'single' ? { email: 'opted_in' } : undefined,
    },
    'landing_page',
    { source: `landing page ${found.page.slug}: ${block.consentText}`.slice(0, 500), ip: client.ip, userAgent: client.userAgent },
  );
  if (block.optIn === 'double' && contact.emailConsent !== 'opted_in') {
    // A suppressed address gets no link, and the visitor is told nothing of it.
    await client.confirm(contact.id).catch((err: unknown) => {
      if (!(err instanceof AppError && err.code === 'suppressed')) throw err;
    });
  }
  await count(tx, found.community.id, found.page.id, 'signups', block.id);
}
