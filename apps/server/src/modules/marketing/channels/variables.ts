import { eq } from 'drizzle-orm';
import type { Db } from '../../../kernel/resources';
import { marketingVariables } from '../tables/variables';
import { assertKnownVariables } from '../variables/engine';

/**
 * Refuses (400 naming the field and the variable) a template text that uses a merge tag the
 * community has not declared. The one place this part checks merge tags: at merge it becomes the
 * templates part's `assertTemplateVariables(tx, tenantId, fields)` (templates/check.ts).
 */
export async function assertTemplateVariables(tx: Db, tenantId: string, fields: Record<string, string | null | undefined>): Promise<void> {
  const rows = await tx.select({ name: marketingVariables.name }).from(marketingVariables).where(eq(marketingVariables.tenantId, tenantId));
  assertKnownVariables(
    fields,
    rows.map((r) => r.name),
  );
}

/** The community's declared merge variables (names), e.g. for a WhatsApp template's variable map. */
export async function declaredVariables(tx: Db, tenantId: string): Promise<Set<string>> {
  const rows = await tx.select({ name: marketingVariables.name }).from(marketingVariables).where(eq(marketingVariables.tenantId, tenantId));
  return new Set(rows.map((r) => r.name));
}
