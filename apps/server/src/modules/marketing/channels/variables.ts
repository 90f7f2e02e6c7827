import type { Db } from '../../../kernel/resources';
import { communityVariables } from '../templates/check';

/** Every kind of template checks its merge tags with the templates part's one check. */
export { assertTemplateVariables } from '../templates/check';

/** The names of the community's merge variables (standard and declared), e.g. for a WhatsApp template's variable map. */
export async function declaredVariables(tx: Db, tenantId: string): Promise<Set<string>> {
  return new Set((await communityVariables(tx, tenantId)).map((v) => v.name));
}
