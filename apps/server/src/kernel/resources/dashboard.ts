import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { can } from '../access/check';
import { type AuthContext, scopeOf } from '../auth/context';
import { auditLog } from '../events/tables';
import { type ListQuery, listQuerySchema } from './list-query';
import type { ResourceRegistry } from './registry';
import type { Resource } from './resource';
import type { AttentionQueue } from './types';

/**
 * GET /api/v1/meta/dashboard: everything the dashboard shows, in one request, from what resources
 * declare — the queues that need someone (`ui.attention`: new messages to answer, drafts…), the set-up
 * steps of a new community (`ui.setup`) and the latest changes as groups a sentence can describe.
 * A later area gets its cards (orders to ship, campaigns running) by declaring them on its resources.
 */
export function registerDashboardRoute(app: FastifyInstance, registry: ResourceRegistry) {
  app.get(
    '/api/v1/meta/dashboard',
    { config: { access: 'authenticated' }, schema: { summary: 'The dashboard of the caller, in one request', tags: ['meta'] } },
    async (req) => {
      const auth = req.auth!;
      const readable = registry.all().filter((r) => can(auth, r.module, 'read'));
      const [attention, setup, activity] = await Promise.all([
        attentionOf(app, auth, readable),
        setupOf(app, auth, readable),
        activityOf(app, auth, registry),
      ]);
      return { data: { attention, setup, activity } };
    },
  );
}

/** The filter of a queue as list parameters, with times such as "now" resolved for this request. */
function resolveFilter(queue: AttentionQueue): Record<string, string> {
  return Object.fromEntries(Object.entries(queue.filter).map(([k, v]) => [k, typeof v === 'function' ? v() : v]));
}

async function countOf(app: FastifyInstance, auth: AuthContext, resource: Resource, filter: Record<string, string>, limit: number) {
  const query = listQuerySchema(resource.config).parse({ ...filter, limit: String(limit), sort: '-createdAt' }) as ListQuery;
  return resource.list(scopeOf(app.db, auth), query);
}

async function attentionOf(app: FastifyInstance, auth: AuthContext, readable: Resource[]) {
  const queues = readable.flatMap((resource) => (resource.config.ui?.attention ?? []).map((queue) => ({ resource, queue })));
  const results = await Promise.all(
    queues.map(async ({ resource, queue }) => {
      const filter = resolveFilter(queue);
      const page = await countOf(app, auth, resource, filter, 3);
      const title = resource.config.ui?.title ?? 'id';
      return {
        resource: resource.path,
        module: resource.module,
        label: queue.label,
        filter,
        // A count that stopped shows where it stopped ("1,000+"), not the planner's guess beyond.
        total: page.totalAtLeast ?? page.total ?? page.data.length,
        totalIsEstimate: page.totalIsEstimate ?? false,
        latest: page.data.map((row) => ({ id: String(row.id), title: String(row[title] ?? ''), createdAt: row.createdAt })),
      };
    }),
  );
  return results.filter((r) => r.total > 0);
}

async function setupOf(app: FastifyInstance, auth: AuthContext, readable: Resource[]) {
  const steps = readable.flatMap((resource) => (resource.config.ui?.setup ? [{ resource, step: resource.config.ui.setup }] : []));
  return Promise.all(
    steps.map(async ({ resource, step }) => {
      const atLeast = step.atLeast ?? 1;
      const page = await countOf(app, auth, resource, step.filter ?? {}, atLeast);
      return { resource: resource.path, module: resource.module, label: step.label, done: page.data.length >= atLeast };
    }),
  );
}

/** How many audit entries the activity is read from, and how many groups it shows. */
const ACTIVITY_ENTRIES = 60;
const ACTIVITY_GROUPS = 8;

/**
 * The latest changes of resources the caller may read, consecutive changes of one person to one kind of
 * record folded into a group ("Asha updated 3 products"), each with the titles of up to 3 records.
 */
async function activityOf(app: FastifyInstance, auth: AuthContext, registry: ResourceRegistry) {
  const entries = await app.db.readAsTenant(auth.tenantId, (db) =>
    db.select().from(auditLog).where(eq(auditLog.tenantId, auth.tenantId)).orderBy(desc(auditLog.createdAt)).limit(ACTIVITY_ENTRIES),
  );
  const groups: {
    actorName: string | null;
    action: string;
    resource: string;
    count: number;
    records: { id: string; title: string; exists: boolean }[];
    at: Date;
  }[] = [];
  const seen = new Map<object, Set<string>>();
  for (const entry of entries) {
    const resource = registry.get(entry.resource);
    if (!resource || !can(auth, resource.module, 'read')) continue;
    const titleField = resource.config.ui?.title ?? 'id';
    const snapshot = (entry.after ?? entry.before ?? {}) as Record<string, unknown>;
    const record = { id: entry.recordId ?? '', title: String(snapshot[titleField] ?? ''), exists: entry.action !== 'delete' };
    const last = groups[groups.length - 1];
    if (last && last.actorName === entry.actorName && last.action === entry.action && last.resource === entry.resource) {
      // Counted once per record: three saves of one product are one changed product.
      const ids = seen.get(last)!;
      if (ids.has(record.id)) continue;
      ids.add(record.id);
      last.count += 1;
      if (last.records.length < 3) last.records.push(record);
      continue;
    }
    if (groups.length === ACTIVITY_GROUPS) break;
    const group = {
      actorName: entry.actorName,
      action: entry.action,
      resource: entry.resource,
      count: 1,
      records: [record],
      at: entry.createdAt,
    };
    groups.push(group);
    seen.set(group, new Set([record.id]));
  }
  return groups;
}
