import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { consumeRateLimit } from '../../../kernel/auth';
import { type CompatCall, type CompatLine, compatScope, compatTable, crudLines } from '../../../kernel/compat';
import { errors, parseInput, requireCommunity, visitorScope } from '../../../kernel/resources';
import { marketingLandingPages } from '../tables/pages';
import { designSchema } from './design';
import { COUNT_LIMIT } from './public';
import { landingPagesResource, slugSchema } from './resources/landing-pages';
import { count, pageStats } from './stats';
import { syncContacts } from './sync';

// The seeds' landing-page calls (service content): CRUD through the resource, the address change,
// one page with its traffic, the opens and clicks counters the old public pages called, and the
// contacts sync.

const scopeOf = compatScope;
const idOf = (body: Record<string, unknown>, field = 'id') => {
  const parsed = z.uuid().safeParse(body[field] ?? body._id ?? body.landingPageId ?? body.pageId);
  if (!parsed.success) throw errors.validation({ [field]: body[field] === undefined ? 'Required' : 'Not a valid id' });
  return parsed.data;
};

const updateUrlInput = z.object({ slug: slugSchema });
const counterInput = z.object({
  community: z.string().trim().min(1).max(63),
  id: z.uuid(),
  blockId: z.string().trim().min(1).max(40).optional(),
});

async function updateUrl(call: CompatCall) {
  const id = idOf(call.body);
  const { slug } = parseInput(updateUrlInput, { slug: call.body.slug ?? call.body.url }) as z.infer<typeof updateUrlInput>;
  return landingPagesResource.update(scopeOf(call), id, { slug });
}

async function getSingle(call: CompatCall) {
  const scope = scopeOf(call);
  const page = await landingPagesResource.get(scope, idOf(call.body));
  const stats = await scope.db.readAsTenant(scope.tenantId, (db) => pageStats(db, scope.tenantId, String(page.id), 30));
  return { ...page, stats };
}

/** The old public pages counted through these: the community and page are named in the body. */
function counter(metric: 'opens' | 'clicks') {
  return async (call: CompatCall) => {
    const input = parseInput(counterInput, { ...call.body, id: call.body.id ?? call.body._id }) as z.infer<typeof counterInput>;
    if (metric === 'clicks' && !input.blockId) throw errors.validation({ blockId: 'Name the call-to-action block' });
    const db = call.req.server.db;
    const community = await requireCommunity(db, input.community);
    const page = await db.readAsTenant(community.id, (tx) =>
      landingPagesResource.findIn(tx, visitorScope(db, community.id), [
        eq(marketingLandingPages.status, 'published'),
        eq(marketingLandingPages.id, input.id),
      ]),
    );
    if (!page) throw errors.notFound('Landing page');
    if (metric === 'clicks' && !designSchema.parse(page.design).blocks.some((b) => b.id === input.blockId)) {
      throw errors.validation({ blockId: 'Not a block of this page' });
    }
    // Outside the transaction: the limiter has its own connection (PGlite has one).
    await consumeRateLimit(call.req.server, `landing-count:${page.id}:${call.req.ip}`, COUNT_LIMIT);
    await db.withTenant(community.id, (tx) =>
      count(tx, community.id, String(page.id), metric, metric === 'clicks' ? input.blockId : undefined),
    );
    return { id: page.id, counted: true };
  };
}

export const pagesCompat = compatTable([
  crudLines('content', landingPagesResource, {
    get: '/marcom/landingpage/getAll',
    add: '/marcom/landingpage/add',
    update: '/marcom/landingpage/updateLandingPage',
    delete: '/marcom/landingpage/deleteLanding',
  }),
  ['content', 'POST', '/marcom/landingpage/updateUrl', 'marketing-pages:write', updateUrl],
  ['content', 'POST', '/marcom/landingpage/getSingle', 'marketing-pages:read', getSingle],
  ['content', 'POST', '/marcom/landingpage/updateOpens', 'public', counter('opens')],
  ['content', 'POST', '/marcom/landingpage/updateClientClick', 'public', counter('clicks')],
  [
    'content',
    'POST',
    '/marcom/admin/dbSync',
    'marketing-contacts:write',
    async (call) => syncContacts(call.req.server, scopeOf(call).tenantId),
  ],
] satisfies (CompatLine | CompatLine[])[]);
