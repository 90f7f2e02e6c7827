import { and, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { type BeforeWrite, type Db, errors, type Scope, tenantFilter } from '../../../../kernel/resources';
import { commerceCategories, commerceProducts } from '../../tables';

/** The deepest a category tree goes (a parent chain longer than this is refused as a cycle would be). */
export const MAX_CATEGORY_DEPTH = 20;

/**
 * A category's parent must not be the category itself nor one of its descendants (that would make
 * a cycle): the parent chain is walked up from the new parent.
 */
export const noCategoryCycle: BeforeWrite = async (ctx, data) => {
  if (!('parentId' in data) || !data.parentId || ctx.op === 'create') return data;
  const self = ctx.existing!.id;
  let current: string | null = data.parentId as string;
  for (let depth = 0; current; depth++) {
    if (current === self) throw errors.validation({ parentId: 'A category cannot be placed inside itself or one of its subcategories' });
    if (depth > MAX_CATEGORY_DEPTH) throw errors.validation({ parentId: `Categories nest at most ${MAX_CATEGORY_DEPTH} levels deep` });
    const [row] = await ctx.tx
      .select({ parentId: commerceCategories.parentId })
      .from(commerceCategories)
      .where(and(tenantFilter(commerceCategories, ctx.scope.tenantId), eq(commerceCategories.id, current)))
      .limit(1);
    current = row?.parentId ?? null;
  }
  return data;
};

type CategoryRow = typeof commerceCategories.$inferSelect;
export type DetailedCategory = Omit<CategoryRow, 'tenantId'> & {
  /** Products filed directly under this category. */
  productCount: number;
  /** Products under this category and every subcategory below it. */
  totalProductCount: number;
  children: DetailedCategory[];
};

/**
 * Categories as a tree with their product counts (direct and including subcategories): every
 * category of the community (roots first), or the subtree of one category.
 */
export async function categoryTree(tx: Db, scope: Scope, rootId?: string): Promise<DetailedCategory[]> {
  const { tenantId: _tenant, ...columns } = getTableColumns(commerceCategories);
  const rows = await tx
    .select(columns)
    .from(commerceCategories)
    .where(tenantFilter(commerceCategories, scope.tenantId))
    .orderBy(commerceCategories.sortOrder, commerceCategories.name);
  const counts = await tx
    .select({ categoryId: commerceProducts.categoryId, n: count() })
    .from(commerceProducts)
    .where(and(tenantFilter(commerceProducts, scope.tenantId), sql`${commerceProducts.categoryId} is not null`))
    .groupBy(commerceProducts.categoryId);
  const direct = new Map(counts.map((c) => [c.categoryId, Number(c.n)]));
  const nodes = new Map<string, DetailedCategory>(
    rows.map((r) => [r.id, { ...r, productCount: direct.get(r.id) ?? 0, totalProductCount: 0, children: [] }]),
  );
  const roots: DetailedCategory[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const total = (node: DetailedCategory): number => {
    node.totalProductCount = node.productCount + node.children.reduce((n, c) => n + total(c), 0);
    return node.totalProductCount;
  };
  for (const root of roots) total(root);
  if (!rootId) return roots;
  const root = nodes.get(rootId);
  if (!root) throw errors.notFound('Category');
  return [root];
}

/** The ids of a category and every category below it. */
export async function descendantIds(tx: Db, scope: Scope, ids: string[]): Promise<string[]> {
  const found = new Set(ids);
  let frontier = ids;
  for (let depth = 0; frontier.length > 0 && depth <= MAX_CATEGORY_DEPTH; depth++) {
    const rows = await tx
      .select({ id: commerceCategories.id })
      .from(commerceCategories)
      .where(and(tenantFilter(commerceCategories, scope.tenantId), inArray(commerceCategories.parentId, frontier)));
    frontier = rows.map((r) => r.id).filter((id) => !found.has(id));
    for (const id of frontier) found.add(id);
  }
  return [...found];
}
