import type { Db } from '../../../kernel/resources';
import { tenantFilter } from '../../../kernel/resources';
import { marketingVariables } from '../tables/variables';
import { assertKnownVariables, type VariableDefinition, variablesIn, withStandardVariables } from '../variables/engine';

/** A variable as the community has it: declared, or one of the standard ones. */
export type CommunityVariable = VariableDefinition & { label: string; standard: boolean };

/**
 * Every variable the community's templates may use: the standard ones (engine.ts) with the
 * community's own declarations laid over them. One query.
 */
export async function communityVariables(tx: Db, tenantId: string): Promise<CommunityVariable[]> {
  const declared = await tx
    .select({
      name: marketingVariables.name,
      label: marketingVariables.label,
      source: marketingVariables.source,
      path: marketingVariables.path,
      defaultValue: marketingVariables.defaultValue,
    })
    .from(marketingVariables)
    .where(tenantFilter(marketingVariables, tenantId))
    .orderBy(marketingVariables.name);
  const own = new Set(declared.map((v) => v.name));
  return withStandardVariables(declared).map((v) => ({ ...v, standard: !own.has(v.name) }));
}

/**
 * The one check every kind of template (email, SMS, push, WhatsApp) runs at save: each field must
 * parse as Liquid and use only variables the community has (declared, standard or built-in).
 * Refuses with a 400 naming the field and the unknown variable (`{ fields: { body: 'Unknown
 * variable: coupon' } }`). Answers the variables the fields use, each once.
 */
export async function assertTemplateVariables(
  tx: Db,
  tenantId: string,
  fields: Record<string, string | null | undefined>,
): Promise<string[]> {
  const known = (await communityVariables(tx, tenantId)).map((v) => v.name);
  assertKnownVariables(fields, known);
  return [...new Set(Object.entries(fields).flatMap(([field, text]) => (text ? variablesIn(text, field) : [])))].sort();
}
