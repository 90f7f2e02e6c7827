import { and, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type Db, errors, type Row, tenantFilter } from '../../../kernel/resources';
import { marketingPushTemplates, marketingSmsTemplates, marketingWhatsappTemplates } from '../tables/channels';
import { marketingEmailTemplates } from '../tables/templates';
import { BUILT_IN_VARIABLES, STANDARD_VARIABLES, variablesIn } from '../variables/engine';

// Which templates of any channel use a merge variable: a declared variable they use cannot be
// deleted or renamed from under them (they would no longer save, and sends would leave the tag empty).

/** Templates named in a refusal; past this many, the rest are counted. */
const NAMED = 10;

function readsVariable(text: string, name: string): boolean {
  try {
    return variablesIn(text).includes(name);
  } catch {
    return false; // a template that does not parse was never saved as it is
  }
}

/** Of rows whose Liquid texts mention `name`, those that read it (a mention may be plain text). */
const readers = (rows: { name: string; texts: (string | null)[] }[], name: string) =>
  rows.filter((r) => r.texts.some((text) => text && readsVariable(text, name))).map((r) => r.name);

const mentions = (name: string, fields: PgColumn[]) => or(...fields.map((f) => sql`strpos(${f}, ${name}) > 0`)) as SQL;
const textsOf = (fields: PgColumn[]) => sql<(string | null)[]>`array[${sql.join(fields, sql`, `)}]`;

/** The templates (email, SMS, push, WhatsApp) that use the merge variable `name`, as "SMS template “Greeting”". */
export async function templatesUsing(tx: Db, tenantId: string, name: string): Promise<string[]> {
  const e = marketingEmailTemplates;
  const w = marketingWhatsappTemplates;
  const m = marketingSmsTemplates;
  const p = marketingPushTemplates;
  // Email templates keep the variables they use (server-managed at save).
  const email = await tx
    .select({ name: e.name })
    .from(e)
    .where(and(tenantFilter(e, tenantId), sql`${e.variables} @> array[${name}]::text[]`))
    .orderBy(e.name);
  // SMS and push templates are Liquid: found by text, confirmed by reading the Liquid.
  const smsFields = [m.body];
  const sms = await tx
    .select({ name: m.name, texts: textsOf(smsFields) })
    .from(m)
    .where(and(tenantFilter(m, tenantId), mentions(name, smsFields)))
    .orderBy(m.name);
  const pushFields = [p.title, p.body, p.urlText, p.url];
  const push = await tx
    .select({ name: p.name, texts: textsOf(pushFields) })
    .from(p)
    .where(and(tenantFilter(p, tenantId), mentions(name, pushFields)))
    .orderBy(p.name);
  // WhatsApp templates map their numbered variables to merge variables.
  const whatsapp = await tx
    .select({ name: w.name, language: w.language })
    .from(w)
    .where(and(tenantFilter(w, tenantId), sql`exists (select 1 from jsonb_each_text(${w.variableMap}) v where v.value = ${name})`))
    .orderBy(w.name);
  return [
    ...email.map((r) => `email template “${r.name}”`),
    ...readers(sms, name).map((n) => `SMS template “${n}”`),
    ...readers(push, name).map((n) => `push template “${n}”`),
    ...whatsapp.map((r) => `WhatsApp template “${r.name}” (${r.language})`),
  ];
}

/**
 * Refuses (409 `conflict`, naming the templates) taking the declared variable `record` away while
 * templates use it: deleting it, or renaming it. A declaration of a standard variable's name only
 * changes its label or default: without it the standard one fills the tag, so it may go.
 */
export async function assertVariableUnused(tx: Db, tenantId: string, record: Row, action: 'deleted' | 'renamed'): Promise<void> {
  const name = String(record.name);
  const stillKnown = STANDARD_VARIABLES.some((v) => v.name === name) || (BUILT_IN_VARIABLES as readonly string[]).includes(name);
  if (stillKnown) return;
  const users = await templatesUsing(tx, tenantId, name);
  if (users.length === 0) return;
  const named = users.slice(0, NAMED).join(', ') + (users.length > NAMED ? ` and ${users.length - NAMED} more` : '');
  throw errors.conflict(
    'conflict',
    `The variable ${name} cannot be ${action}: ${users.length === 1 ? 'a template uses' : `${users.length} templates use`} it (${named}). Take it out of them first.`,
  );
}
