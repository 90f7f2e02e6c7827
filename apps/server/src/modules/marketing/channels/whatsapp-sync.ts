import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outboundFor } from '../../../kernel/messaging';
import { errors, type Scope, tenantFilter } from '../../../kernel/resources';
import { marketingWhatsappTemplates, type WhatsappStatus } from '../tables/channels';
import { marketingVariables } from '../tables/variables';
import { whatsappClientFor } from './providers/sender';
import { fetchHeaderMedia, MEDIA_HEADERS } from './providers/whatsapp-cloud';
import { numberedVariables } from './resources/whatsapp-templates';

// Approval of WhatsApp templates lives at the provider: a template is submitted, then its status
// comes back three ways: read on demand from the console, read for every template still under
// review by a job every 30 minutes, and pushed by Meta's webhook (whatsapp-webhook.ts).

type Template = typeof marketingWhatsappTemplates.$inferSelect;

/** Every 30 minutes, the templates still under review in every community with the Cloud API. */
export const WHATSAPP_SYNC_JOB = 'marketing.whatsapp-templates-sync';
export const WHATSAPP_SYNC_CRON = '*/30 * * * *';

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
      .where(and(tenantFilter(marketingWhatsappTemplates, scope.tenantId), eq(marketingWhatsappTemplates.id, id))),
  );
  if (!row) throw errors.notFound('WhatsApp template');
  return row;
}

const save = (scope: Scope, id: string, values: Partial<Template>) =>
  scope.db.withTenant(scope.tenantId, async (tx) => {
    const [row] = await tx
      .update(marketingWhatsappTemplates)
      .set({ ...values, syncedAt: new Date(), updatedAt: new Date() })
      .where(and(tenantFilter(marketingWhatsappTemplates, scope.tenantId), eq(marketingWhatsappTemplates.id, id)))
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
      .where(and(tenantFilter(marketingVariables, scope.tenantId), inArray(marketingVariables.name, names.length > 0 ? names : ['']))),
  );
  const byName = new Map(rows.map((r) => [r.name, r.defaultValue || r.label]));
  return names.map((name) => byName.get(name) || name);
}

/**
 * Submits a template for approval; it becomes pending (or what the provider says at once). A media
 * header's file is read from its address and uploaded first: Meta reviews the upload's handle.
 */
export async function submitWhatsappTemplate(scope: Scope, id: string): Promise<Template> {
  const template = await templateOf(scope, id);
  const client = await clientOf(scope);
  let headerHandle: string | null = null;
  if (MEDIA_HEADERS[template.headerType] && template.headerImageUrl) {
    const media = await fetchHeaderMedia(outboundFor(scope.db), template.headerImageUrl, template.headerType);
    headerHandle = await client.uploadMedia(media);
  }
  const answer = await client.submitTemplate(
    { ...template, headerHandle, samples: await samplesOf(scope, template) },
    template.providerTemplateId,
  );
  return save(scope, id, { providerTemplateId: answer.id || template.providerTemplateId, status: answer.status, rejectionReason: null });
}

/**
 * Reads the provider's status of every submitted template (or of one, or of those with `status`).
 * Returns the templates synced.
 */
export async function syncWhatsappTemplates(scope: Scope, id?: string, status?: WhatsappStatus): Promise<Template[]> {
  const client = await clientOf(scope);
  const t = marketingWhatsappTemplates;
  const templates = id
    ? [await templateOf(scope, id)]
    : await scope.db.withTenant(scope.tenantId, (tx) =>
        tx
          .select()
          .from(t)
          .where(and(tenantFilter(t, scope.tenantId), isNotNull(t.providerTemplateId), status ? eq(t.status, status) : undefined)),
      );
  const synced: Template[] = [];
  for (const template of templates) {
    if (!template.providerTemplateId) throw errors.conflict('not_submitted', 'Submit the template for approval first');
    const found = await client.templateStatus(template.providerTemplateId);
    synced.push(await save(scope, template.id, { status: found.status, rejectionReason: found.reason }));
  }
  return synced;
}

/**
 * The job: every community on the Cloud API with templates under review reads their status. One
 * community's failure (a revoked token, an unreachable address) is logged and the others go on.
 * Returns how many templates were read.
 */
export async function syncPendingWhatsappTemplates(app: FastifyInstance): Promise<number> {
  // Read across communities on the owner connection: which have pending templates and the Cloud API.
  const rows = await app.db.query<{ tenant_id: string }>(
    `select distinct s.tenant_id from marketing_channel_settings s
       join communities c on c.id = s.tenant_id and c.status = 'active'
      where s.channel = 'whatsapp' and s.provider = 'cloud_api'
        and exists (select 1 from marketing_whatsapp_templates t
                     where t.tenant_id = s.tenant_id and t.status = 'pending' and t.provider_template_id is not null)`,
  );
  let read = 0;
  for (const { tenant_id: tenantId } of rows) {
    const scope: Scope = { db: app.db, tenantId, actor: { id: null, name: 'WhatsApp template sync' } };
    try {
      read += (await syncWhatsappTemplates(scope, undefined, 'pending')).length;
    } catch (err) {
      app.log.warn({ err, tenantId }, 'WhatsApp template statuses not read');
    }
  }
  return read;
}
