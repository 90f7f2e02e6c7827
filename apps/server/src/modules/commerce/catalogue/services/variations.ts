import { and, asc, eq, getTableColumns, inArray, like, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../../../../kernel/events';
import { type Db, errors, queryRows, type Row, type Scope, tenantFilter, uniqueValue } from '../../../../kernel/resources';
import { joinRef } from '../../joins';
import { commerceAttributes, commerceAttributeValues, commerceProducts, commerceVariations } from '../../tables';
import { imagesSchema, money, skuSchema, slugify, stock } from '../schemas';
import { refreshPriceRange } from './prices';

/** The most variations one product has (and one generation makes). */
export const MAX_VARIATIONS = 1000;
const RESOURCE = 'commerce/variations';

const v = commerceVariations;
type VariationRow = typeof commerceVariations.$inferSelect;
type Variation = Omit<VariationRow, 'tenantId'>;
const { tenantId: _tenant, ...variationColumns } = getTableColumns(commerceVariations);

/** A variation as a client adds it to a product (a SKU is made from the product's slug when none is given). */
export const variationInput = z
  .object({
    sku: skuSchema.optional(),
    title: z.string().trim().max(200).optional(),
    attributeValueIds: z.array(z.uuid()).max(10).optional(),
    price: money.optional(),
    compareAtPrice: money.nullable().optional(),
    cost: money.nullable().optional(),
    onHand: stock.optional(),
    trackStock: z.boolean().optional(),
    weightGrams: z.number().int().min(0).max(1_000_000).nullable().optional(),
    images: imagesSchema.optional(),
    active: z.boolean().optional(),
    position: z.number().int().min(0).max(100_000).optional(),
  })
  .strict();
export type VariationInput = z.infer<typeof variationInput>;

/** One row of a bulk edit: the variation and the fields to set on it. */
export const variationEdit = z
  .object({
    id: z.uuid(),
    sku: skuSchema.optional(),
    price: money.optional(),
    compareAtPrice: money.nullable().optional(),
    cost: money.nullable().optional(),
    onHand: stock.optional(),
    active: z.boolean().optional(),
  })
  .strict();
export const variationEdits = z.array(variationEdit).min(1).max(MAX_VARIATIONS);
export type VariationEdit = z.infer<typeof variationEdit>;

export async function productOf(tx: Db, scope: Scope, productId: string, forUpdate = false) {
  const query = tx
    .select({
      id: commerceProducts.id,
      slug: commerceProducts.slug,
      title: commerceProducts.title,
      attributeIds: commerceProducts.attributeIds,
    })
    .from(commerceProducts)
    .where(and(tenantFilter(commerceProducts, scope.tenantId), eq(commerceProducts.id, productId)))
    .limit(1);
  const [product] = forUpdate ? await query.for('update') : await query;
  if (!product) throw errors.notFound('Product');
  return product;
}

export function variationsOf(tx: Db, scope: Scope, productId: string): Promise<Variation[]> {
  return tx
    .select(variationColumns)
    .from(v)
    .where(and(tenantFilter(v, scope.tenantId), eq(v.productId, productId)))
    .orderBy(asc(v.position), asc(v.createdAt), asc(v.id));
}

/** 409 naming the SKUs another variation of the community already has (or that repeat in one request). */
async function assertSkusFree(tx: Db, scope: Scope, skus: string[], exceptIds: string[] = []) {
  const seen = new Set<string>();
  for (const sku of skus) {
    if (seen.has(sku)) throw errors.conflict('already_exists', `The SKU ${sku} is given twice`, { sku: 'Already in use' });
    seen.add(sku);
  }
  if (skus.length === 0) return;
  const taken = await tx
    .select({ id: v.id, sku: v.sku })
    .from(v)
    .where(and(tenantFilter(v, scope.tenantId), inArray(v.sku, skus)));
  const clash = taken.find((t) => !exceptIds.includes(t.id));
  if (clash) throw errors.conflict('already_exists', `The SKU ${clash.sku} is already in use`, { sku: 'Already in use' });
}

/** A unique-index violation raised anyway (a concurrent write) is the same 409. */
async function guardSku<T>(query: Promise<T>): Promise<T> {
  try {
    return await query;
  } catch (err) {
    const pg = ((err as { cause?: unknown }).cause ?? err) as { code?: string };
    if (pg.code === '23505') throw errors.conflict('already_exists', 'A variation with this SKU already exists', { sku: 'Already in use' });
    throw err;
  }
}

interface AttributeValue {
  id: string;
  value: string;
  slug: string;
  attributeId: string;
  order: number;
  attributeOrder: number;
  attributeCreatedAt: Date;
}
/** Attributes in their order (sortOrder, then the older first): Colour before Size, so titles read "Red / XL". */
const byAttribute = (a: AttributeValue, b: AttributeValue) =>
  a.attributeOrder - b.attributeOrder ||
  a.attributeCreatedAt.getTime() - b.attributeCreatedAt.getTime() ||
  a.attributeId.localeCompare(b.attributeId);

/** Attribute values by id, with their attribute (400 naming the field for an unknown one). */
async function valuesById(tx: Db, scope: Scope, ids: string[]) {
  if (ids.length === 0) return new Map<string, AttributeValue>();
  const rows = await tx
    .select({
      id: commerceAttributeValues.id,
      value: commerceAttributeValues.value,
      slug: commerceAttributeValues.slug,
      attributeId: commerceAttributeValues.attributeId,
      order: commerceAttributeValues.sortOrder,
      attributeOrder: commerceAttributes.sortOrder,
      attributeCreatedAt: commerceAttributes.createdAt,
    })
    .from(commerceAttributeValues)
    .innerJoin(commerceAttributes, joinRef(commerceAttributes, commerceAttributeValues, commerceAttributeValues.attributeId))
    .where(and(tenantFilter(commerceAttributeValues, scope.tenantId), inArray(commerceAttributeValues.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing) throw errors.validation({ attributeValueIds: `No attribute value ${missing}` });
  return byId;
}

const comboKey = (ids: readonly string[]) => [...ids].sort().join(',');

/** The community's SKUs that start with `prefix` (made SKUs start with the product's slug). */
async function skusLike(tx: Db, scope: Scope, prefix: string): Promise<Set<string>> {
  const rows = await tx
    .select({ sku: v.sku })
    .from(v)
    .where(and(tenantFilter(v, scope.tenantId), like(v.sku, `${prefix.replace(/[\\%_]/g, '\\$&')}%`)));
  return new Set(rows.map((r) => r.sku));
}

/** The product varies by these attributes too (its attributeIds, kept as a set). */
async function varyBy(tx: Db, scope: Scope, product: { id: string; attributeIds: string[] }, attributeIds: string[]) {
  const next = [...new Set([...product.attributeIds, ...attributeIds])];
  if (next.length === product.attributeIds.length) return;
  await tx
    .update(commerceProducts)
    .set({ attributeIds: next, updatedAt: new Date() })
    .where(and(tenantFilter(commerceProducts, scope.tenantId), eq(commerceProducts.id, product.id)));
  product.attributeIds = next;
}

/**
 * A product that gets variations with attribute values loses its default variation (the one
 * without values), whose price the new ones start from. Refused while open orders reserve its stock.
 */
async function replaceDefault(tx: Db, scope: Scope, existing: Variation[]): Promise<Variation | undefined> {
  const defaults = existing.filter((e) => e.attributeValueIds.length === 0);
  if (defaults.length === 0) return undefined;
  if (defaults.some((d) => d.reserved > 0)) {
    throw errors.conflict('in_use', 'The default variation has stock reserved by open orders; add variations after they are settled');
  }
  const ids = defaults.map((d) => d.id);
  await tx.delete(v).where(and(tenantFilter(v, scope.tenantId), inArray(v.id, ids)));
  await recordAudit(
    tx,
    scope,
    defaults.map((d) => ({ action: 'delete' as const, resource: RESOURCE, recordId: d.id, before: d })),
  );
  existing.splice(0, existing.length, ...existing.filter((e) => !ids.includes(e.id)));
  return defaults[0];
}

/**
 * Adds variations to a product in one statement: SKUs checked unique in the community (made from the
 * product's slug and the values' slugs when not given), titles from the values ("Red / XL"), then
 * the product's price range. Audited like any write.
 */
export async function insertVariations(tx: Db, scope: Scope, productId: string, inputs: VariationInput[]): Promise<Variation[]> {
  if (inputs.length === 0) return [];
  const product = await productOf(tx, scope, productId, true);
  const existing = await variationsOf(tx, scope, productId);
  if (existing.length + inputs.length > MAX_VARIATIONS) {
    throw errors.conflict('too_many_variations', `A product has at most ${MAX_VARIATIONS} variations`);
  }
  const values = await valuesById(tx, scope, [...new Set(inputs.flatMap((i) => i.attributeValueIds ?? []))]);
  const template = inputs.some((i) => i.attributeValueIds?.length) ? await replaceDefault(tx, scope, existing) : undefined;
  // A variation added without a price starts at the replaced default's, else the product's lowest: never free by accident.
  const basePrice = template?.price ?? (existing.length > 0 ? Math.min(...existing.map((e) => e.price)) : 0);
  const combos = new Set(existing.map((e) => comboKey(e.attributeValueIds)));
  const given = inputs.flatMap((i) => (i.sku ? [i.sku] : []));
  await assertSkusFree(tx, scope, given);
  const used = new Set(given);
  /** SKUs of the community that start like this product's (read once, when a SKU is to be made). */
  let taken: Set<string> | undefined;
  let position = existing.reduce((n, e) => Math.max(n, e.position + 1), 0);
  const rows = [];
  for (const input of inputs) {
    const ids = input.attributeValueIds ?? [];
    const picked = ids.map((id) => values.get(id)!).sort(byAttribute);
    if (new Set(picked.map((p) => p.attributeId)).size !== picked.length) {
      throw errors.validation({ attributeValueIds: 'Give at most one value of each attribute' });
    }
    const key = comboKey(ids);
    if (ids.length > 0 && combos.has(key)) {
      throw errors.conflict('already_exists', 'The product already has a variation with these values', {
        attributeValueIds: 'Already in use',
      });
    }
    combos.add(key);
    let sku = input.sku;
    if (!sku) {
      const base = [product.slug, ...picked.map((p) => p.slug)].join('-').toUpperCase().slice(0, 60);
      taken ??= await skusLike(tx, scope, product.slug.toUpperCase().slice(0, 60));
      sku = base;
      for (let n = 2; used.has(sku) || taken.has(sku); n++) sku = `${base}-${n}`;
    }
    used.add(sku);
    rows.push({
      ...input,
      price: input.price ?? basePrice,
      tenantId: scope.tenantId,
      productId,
      sku,
      title: input.title ?? picked.map((p) => p.value).join(' / '),
      attributeValueIds: ids,
      position: input.position ?? position++,
    });
  }
  const created = (await guardSku(tx.insert(v).values(rows).returning(variationColumns))) as Variation[];
  await recordAudit(
    tx,
    scope,
    created.map((row) => ({ action: 'create' as const, resource: RESOURCE, recordId: row.id, after: row })),
  );
  await varyBy(
    tx,
    scope,
    product,
    [...values.values()].map((x) => x.attributeId),
  );
  await refreshPriceRange(tx, scope.tenantId, [productId]);
  return created;
}

/** A product's one variation when it has no options: SKU from its slug, flagged default. */
export async function addDefaultVariation(tx: Db, scope: Scope, product: Row, input: VariationInput = {}) {
  const sku = input.sku ?? (await uniqueValue(tx, scope, v, v.sku, slugify(String(product.slug)).toUpperCase().slice(0, 60)));
  const [created] = await insertVariations(tx, scope, product.id, [{ ...input, sku, attributeValueIds: [] }]);
  await tx
    .update(v)
    .set({ isDefault: true })
    .where(and(tenantFilter(v, scope.tenantId), eq(v.id, created.id)));
  return { ...created, isDefault: true };
}

export const generateInput = z
  .object({
    /** The chosen values; grouped by attribute, each group is one axis of the cartesian product. */
    attributeValueIds: z.array(z.uuid()).min(1).max(500),
    /** Price and stock of the new variations (default: the product's default variation's, else 0). */
    price: money.optional(),
    onHand: stock.optional(),
  })
  .strict();

/**
 * Makes the product's variations from chosen attribute values: one per combination (Colour ×
 * Size), keeping those that exist; a default variation without values is replaced (its price and
 * stock carried over). More than MAX_VARIATIONS combinations is refused before anything is written.
 */
export async function generateVariations(tx: Db, scope: Scope, productId: string, input: z.infer<typeof generateInput>) {
  const product = await productOf(tx, scope, productId, true);
  const values = await valuesById(tx, scope, [...new Set(input.attributeValueIds)]);
  const axes = new Map<string, AttributeValue[]>();
  for (const value of values.values()) axes.set(value.attributeId, [...(axes.get(value.attributeId) ?? []), value]);
  const ordered = [...axes.entries()]
    .sort(([, a], [, b]) => byAttribute(a[0], b[0]))
    .map(([attributeId, vals]) => ({ attributeId, ids: vals.sort((a, b) => a.order - b.order).map((x) => x.id) }));
  const total = ordered.reduce((n, axis) => n * axis.ids.length, 1);
  if (total > MAX_VARIATIONS) {
    throw errors.conflict(
      'too_many_combinations',
      `These values make ${total.toLocaleString('en')} combinations; a product has at most ${MAX_VARIATIONS.toLocaleString('en')} variations`,
    );
  }
  const combos = ordered.reduce<string[][]>((acc, axis) => acc.flatMap((prefix) => axis.ids.map((id) => [...prefix, id])), [[]]);
  const existing = await variationsOf(tx, scope, productId);
  const have = new Set(existing.map((e) => comboKey(e.attributeValueIds)));
  const template = await replaceDefault(tx, scope, existing);
  const fresh = combos.filter((c) => !have.has(comboKey(c)));
  const price = input.price ?? template?.price ?? 0;
  const onHand = input.onHand ?? 0;
  const created = await insertVariations(
    tx,
    scope,
    product.id,
    fresh.map((attributeValueIds) => ({ attributeValueIds, price, onHand })),
  );
  await varyBy(
    tx,
    scope,
    product,
    ordered.map((a) => a.attributeId),
  );
  await refreshPriceRange(tx, scope.tenantId, [productId]);
  return {
    created: created.length,
    kept: combos.length - fresh.length,
    removedDefault: template !== undefined,
    variations: await variationsOf(tx, scope, productId),
  };
}

/**
 * Sets price, stock and SKU of many variations of one product at once, in one UPDATE: each row its
 * own values (the grid's edits). Stock never goes below what open orders reserve; SKUs stay unique.
 */
export async function editVariations(tx: Db, scope: Scope, productId: string, edits: VariationEdit[]) {
  await productOf(tx, scope, productId, true);
  const ids = edits.map((e) => e.id);
  if (new Set(ids).size !== ids.length) throw errors.validation({ variations: 'A variation is listed twice' });
  const current = await tx
    .select({
      id: v.id,
      sku: v.sku,
      price: v.price,
      compareAtPrice: v.compareAtPrice,
      cost: v.cost,
      onHand: v.onHand,
      active: v.active,
      reserved: v.reserved,
    })
    .from(v)
    .where(and(tenantFilter(v, scope.tenantId), eq(v.productId, productId), inArray(v.id, ids)))
    .for('update');
  const byId = new Map(current.map((c) => [c.id, c]));
  edits.forEach((e, i) => {
    const row = byId.get(e.id);
    if (!row) throw errors.validation({ [`variations.${i}.id`]: 'Not a variation of this product' });
    if (e.onHand !== undefined && e.onHand < row.reserved) {
      throw errors.conflict('below_reserved', `${row.sku}: ${row.reserved} units are reserved by open orders`, {
        [`variations.${i}.onHand`]: `At least ${row.reserved}`,
      });
    }
  });
  const skus = edits.flatMap((e) => (e.sku && e.sku !== byId.get(e.id)!.sku ? [e.sku] : []));
  await assertSkusFree(tx, scope, skus, ids);
  // One statement for all rows, whatever their number: the edits as one JSON parameter read as a
  // table (jsonb_to_recordset) and joined on id; a field left out keeps its column.
  const table = JSON.stringify(
    edits.map((e) => ({
      ...e,
      set_compare: 'compareAtPrice' in e,
      set_cost: 'cost' in e,
      compare_at_price: e.compareAtPrice,
      on_hand: e.onHand,
    })),
  );
  const updated = await guardSku(
    queryRows<{ id: string }>(
      tx,
      sql`
      update ${v} set
        sku = coalesce(e.sku, ${v.sku}),
        price = coalesce(e.price, ${v.price}),
        compare_at_price = case when e.set_compare then e.compare_at_price else ${v.compareAtPrice} end,
        cost = case when e.set_cost then e.cost else ${v.cost} end,
        on_hand = coalesce(e.on_hand, ${v.onHand}),
        active = coalesce(e.active, ${v.active}),
        updated_at = now()
      from jsonb_to_recordset(${table}::jsonb)
        as e(id uuid, sku text, price int, set_compare boolean, compare_at_price int, set_cost boolean, cost int, on_hand int, active boolean)
      where ${v.tenantId} = ${scope.tenantId} and ${v.id} = e.id
      returning ${v.id}`,
    ),
  );
  const after = await tx
    .select(variationColumns)
    .from(v)
    .where(and(tenantFilter(v, scope.tenantId), inArray(v.id, ids)));
  const afterById = new Map(after.map((a) => [a.id, a]));
  // One audit entry for the save, on the product: each variation's edited fields before and after
  // (a thousand entries would cost more than the edit itself).
  const edited = (row: Partial<Variation>) => ({
    id: row.id,
    sku: row.sku,
    price: row.price,
    compareAtPrice: row.compareAtPrice,
    cost: row.cost,
    onHand: row.onHand,
    active: row.active,
  });
  await recordAudit(tx, scope, [
    {
      action: 'update',
      resource: 'commerce/products',
      recordId: productId,
      before: { variations: current.map(edited) },
      after: { variations: current.map((c) => edited(afterById.get(c.id) ?? {})) },
    },
  ]);
  await refreshPriceRange(tx, scope.tenantId, [productId]);
  return { updated: updated.length, variations: after };
}

/** A grid row's edit in a save that may also generate: the variation by id, or by its values (one the same save generates). */
export const gridEdit = variationEdit
  .extend({ id: z.uuid().optional(), attributeValueIds: z.array(z.uuid()).max(10).optional() })
  .refine((e) => (e.id === undefined) !== (e.attributeValueIds === undefined), {
    message: 'Name the variation by id or by its attribute values, not both',
  });

export const gridSaveInput = z
  .object({
    /** Generate these combinations first (as POST …/variations/generate), then apply the edits. */
    generate: generateInput.pick({ attributeValueIds: true }).optional(),
    variations: z.array(gridEdit).max(MAX_VARIATIONS).default([]),
  })
  .strict()
  .refine((b) => b.generate !== undefined || b.variations.length > 0, {
    message: 'Nothing to save: give variations to edit or values to generate',
    path: ['variations'],
  });

/**
 * The product editor's one save of its variations: the combinations to generate and the grid's edits,
 * in the caller's transaction, so both happen or neither. An edit names a variation by id, or by its
 * attribute values when it is one this save generates (the grid's new rows have no id yet). Answers
 * every variation of the product as saved.
 */
export async function saveVariationGrid(tx: Db, scope: Scope, productId: string, input: z.infer<typeof gridSaveInput>) {
  const generated = input.generate ? await generateVariations(tx, scope, productId, input.generate) : undefined;
  let edits: VariationEdit[] = [];
  if (input.variations.length > 0) {
    const byCombo = new Map(
      (generated?.variations ?? (await variationsOf(tx, scope, productId))).map((x) => [comboKey(x.attributeValueIds), x.id]),
    );
    edits = input.variations.map(({ attributeValueIds, id, ...fields }, i) => {
      const found = id ?? byCombo.get(comboKey(attributeValueIds ?? []));
      if (!found) throw errors.validation({ [`variations.${i}.attributeValueIds`]: 'No variation of this product has these values' });
      return { id: found, ...fields };
    });
  }
  const edited = edits.length > 0 ? await editVariations(tx, scope, productId, edits) : { updated: 0 };
  return {
    created: generated?.created ?? 0,
    updated: edited.updated,
    variations: await variationsOf(tx, scope, productId),
  };
}
