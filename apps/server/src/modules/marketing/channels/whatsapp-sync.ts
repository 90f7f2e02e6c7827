import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { errors, type Scope } from '../../../kernel/resources';
import { marketingWhatsappTemplates } from '../tables/channels';
import { marketingVariables } from '../tables/variables';
import { whatsappClientFor } from './providers/sender';
import { numberedVariables } from './resources/whatsapp-templates';

// Approval of WhatsApp templates lives at the provider: a template is submitted, then its status
// is read back (on demand from the console, or for all templates still under review).

type Template = typeof marketingWhatsappTemplates.$inferSelect;

async function clientOf(scope: Scope) {
  const client = await whatsappClientFor(scope.db, scope.tenantId);
  if (!client)
    throw errors.conflict(
      'whatsapp_not_configured',
      'WhatsApp is on the development outbox: set up the Cloud API in the WhatsApp settings first',
    );
  return client;
}

async function templateOf(scope: Scope, id: string): Promise<Template> {
  const [row] = await scope.db.withTenant(scope.tenantId, (tx) =>
    tx
      .select()
      .from(marketingWhatsappTemplates)
      .where(and(eq(marketingWhatsappTemplates.tenantId, scope.tenantId), eq(marketingWhatsappTemplates.id, id))),
  );
  if (!row) throw errors.notFound('WhatsApp template');
  return row;
}

const save = (scope: Scope, id: string, values: Partial<Template>) =>
  scope.db.withTenant(scope.tenantId, async (tx) => {
    const [row] = await tx
      .update(marketingWhatsappTemplates)
      .set({ ...values, syncedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(marketingWhatsappTemplates.tenantId, scope.tenantId), eq(marketingWhatsappTemplates.id, id)))
      .returning();
    return row;
  });

/** Example values for Meta's review: each mapped variable's default, else its label. */
async function samplesOf(scope: Scope, template: Template): Promise<string[]> {
  const numbers = numberedVariables(template.body).sort((a, b) => a - b);
  const names = numbers.map((n) => template.variableMap[String(n)]);
  const rows = await scope.db.withTenant(scope.tenantId, (tx) =>
    tx
      .select()
      .from(marketingVariables)
      .where(and(eq(marketingVariables.tenantId, scope.tenantId), inArray(marketingVariables.name, names.length > 0 ? names : ['']))),
  );
  const byName = new Map(rows.map((r) => [r.name, r.defaultValue || r.label]));
  return names.map((name) => byName.get(name) || name);
}

/** Submits a template for approval; it becomes pending (or what the provider says at once). */
export async function submitWhatsappTemplate(scope: Scope, id: string): Promise<Template> {
  const template = await templateOf(scope, id);
  const client = await clientOf(scope);
  const answer = await client.submitTemplate({ ...template, samples: await samplesOf(scope, template) }, template.providerTemplateId);
  return save(scope, id, { providerTemplateId: answer.id || template.providerTemplateId, status: answer.status, rejectionReason: null });
}

/** Reads the provider's status of every submitted template (or of one). Returns the templates synced. */
export async function syncWhatsappTemplates(scope: Scope, id?: string): Promise<Template[]> {
  const client = await clientOf(scope);
  const templates = id
    ? [await templateOf(scope, id)]
    : await scope.db.withTenant(scope.tenantId, (tx) =>
        tx
          .select()
          .from(marketingWhatsappTemplates)
          .where(and(eq(marketingWhatsappTemplates.tenantId, scope.tenantId), isNotNull(marketingWhatsappTemplates.providerTemplateId))),
      );
  const synced: Template[] = [];
  for (const template of templates) {
    if (!template.providerTemplateId) throw errors.conflict('not_submitted', 'Submit the template for approval first');
    const { status, reason } = await client.templateStatus(template.providerTemplateId);
    synced.push(await save(scope, template.id, { status, rejectionReason: reason }));
  }
  return synced;
}
