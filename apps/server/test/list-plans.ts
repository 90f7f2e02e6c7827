// How a kit list is planned at scale: the EXPLAIN helpers the scale tests share.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { scopeOf } from '../src/kernel/auth/context';
import { EXACT_TOTAL_LIMIT, type ListQuery, sortableFields } from '../src/kernel/resources/list-query';
import { explain, type PlanNode, type Resource } from '../src/kernel/resources/resource';

/** Every node of a plan, the root first. */
export function planNodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(planNodes)];
}

/** "Seq Scan", "Index Scan <index>", "Bitmap Index Scan <index>" … for the nodes kept. */
export const scanNames = (nodes: PlanNode[]) => nodes.map((n) => `${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : ''}`);

/**
 * The scans of `table` (and every bitmap index scan) in the plan of a list's page or of its count, as
 * the community `tenantId` (row-level security on); with `expected`, also the matches the planner
 * expects of the whole filtered list.
 */
export async function listPlan(
  app: FastifyInstance,
  tenantId: string,
  { resource, table, limit }: { resource: Resource; table: string; limit: number },
  query: Partial<ListQuery>,
  which: 'page' | 'count',
  expected = false,
): Promise<{ found: string[]; expected: number | null }> {
  const scope = scopeOf(app.db, { tenantId } as never);
  return app.db.readAsTenant(tenantId, async (tx) => {
    const q = await resource.pageStatement(tx, scope, { limit, offset: 0, withTotal: 'true', ...query } as ListQuery);
    const [plan] = await explain(tx, which === 'page' ? q.statement : q.matching(undefined, EXACT_TOTAL_LIMIT + 1));
    const found = scanNames(planNodes(plan.Plan).filter((n) => n['Relation Name'] === table || n['Node Type'] === 'Bitmap Index Scan'));
    return { found, expected: expected ? ((await explain(tx, q.matching()))[0].Plan['Plan Rows'] as number) : null };
  });
}

/** At least one scan, and none of them sequential. */
export function expectIndexed(found: string[], what: string) {
  expect(found.length, what).toBeGreaterThan(0);
  expect(
    found.filter((s) => s.startsWith('Seq Scan')),
    `${what}: ${found.join(', ')}`,
  ).toEqual([]);
}

/** Every filter the resource declares (with a value from `values`) and every sort, both ways, served by an index. */
export async function expectFiltersAndSortsIndexed(
  resource: Resource,
  values: Record<string, string>,
  scans: (query: Partial<ListQuery>) => Promise<string[]>,
) {
  for (const key of resource.config.list?.filters ?? []) {
    const entry = Object.entries(values).find(([k]) => k === key || k.startsWith(`${key}.`));
    expect(entry, `a value to filter ${key} by`).toEqual([expect.any(String), expect.any(String)]);
    expectIndexed(await scans({ [entry![0]]: entry![1] }), `filter ${entry![0]}`);
  }
  for (const key of sortableFields(resource.config)) {
    expectIndexed(await scans({ sort: key }), `sort ${key}`);
    expectIndexed(await scans({ sort: `-${key}` }), `sort -${key}`);
  }
}
