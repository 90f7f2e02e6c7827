import { and, asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../../../../kernel/events';
import { type Db, errors, type Scope, tenantFilter } from '../../../../kernel/resources';
import { commerceAttributes, commerceAttributeValues } from '../../tables';
import { slugify, slugSchema } from '../schemas';

export const attributeValueInput = z
  .object({
    value: z.string().trim().min(1).max(100),
    slug: slugSchema.optional(),
    swatch: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'Use #rrggbb')
      .nullable()
      .optional(),
    sortOrder: z.number().int().min(-100_000).max(100_000).optional(),
  })
  .strict();
export type AttributeValueInput = z.infer<typeof attributeValueInput>;

const av = commerceAttributeValues;
const { tenantId: _t, ...valueColumns } = getTableColumns(av);
const { tenantId: _t2, ...attributeColumns } = getTableColumns(commerceAttributes);

export async function attributeOf(tx: Db, scope: Scope, id: string) {
  const [row] = await tx
    .select(attributeColumns)
    .from(commerceAttributes)
    .where(and(tenantFilter(commerceAttributes, scope.tenantId), eq(commerceAttributes.id, id)))
    .limit(1);
  if (!row) throw errors.notFound('Attribute');
  return row;
}

/** Adds values to an attribute (slugs made from the values, unique within the attribute); a value given twice is a 409. */
export async function addAttributeValues(tx: Db, scope: Scope, attributeId: string, inputs: AttributeValueInput[]) {
  await attributeOf(tx, scope, attributeId);
  const existing = await valuesOf(tx, scope, [attributeId]);
  const slugs = new Set(existing.map((e) => e.slug));
  let order = existing.reduce((n, e) => Math.max(n, e.sortOrder + 1), 0);
  const rows = [];
  for (const input of inputs) {
    const slug = input.slug ?? slugify(input.value);
    if (slugs.has(slug))
      throw errors.conflict('already_exists', `The attribute already has the value ${input.value}`, { value: 'Already in use' });
    slugs.add(slug);
    rows.push({ ...input, slug, attributeId, tenantId: scope.tenantId, sortOrder: input.sortOrder ?? order++ });
  }
  if (rows.length === 0) return [];
  const created = await tx.insert(av).values(rows).returning(valueColumns);
  await recordAudit(
    tx,
    scope,
    created.map((row) => ({ action: 'create' as const, resource: 'commerce/attribute-values', recordId: row.id, after: row })),
  );
  return created;
}

/** The values of some attributes, in their order. */
export function valuesOf(tx: Db, scope: Scope, attributeIds: string[]) {
  if (attributeIds.length === 0) return Promise.resolve([]);
  return tx
    .select(valueColumns)
    .from(av)
    .where(and(tenantFilter(av, scope.tenantId), inArray(av.attributeId, attributeIds)))
    .orderBy(asc(av.sortOrder), asc(av.value));
}

/** Attributes with their values (one, or all of the community). */
export async function attributesWithValues(tx: Db, scope: Scope, id?: string) {
  const attributes = id
    ? [await attributeOf(tx, scope, id)]
    : await tx
        .select(attributeColumns)
        .from(commerceAttributes)
        .where(tenantFilter(commerceAttributes, scope.tenantId))
        .orderBy(asc(commerceAttributes.sortOrder), asc(commerceAttributes.name));
  const values = await valuesOf(
    tx,
    scope,
    attributes.map((a) => a.id),
  );
  return attributes.map((a) => ({ ...a, values: values.filter((v) => v.attributeId === a.id) }));
}
