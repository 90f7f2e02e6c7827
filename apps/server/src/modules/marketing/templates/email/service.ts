import type { FastifyInstance } from 'fastify';
import type { Db, Scope } from '../../../../kernel/resources';
import { renderTemplate } from '../../variables/engine';
import { previewValues, testValues } from '../samples';
import type { EmailDesign } from './design';
import { STARTER_LAYOUTS } from './layouts';
import { compileEmail, personalize } from './render';
import { compileDraft, emailTemplatesResource } from './resource';

/** An email not saved yet (the editor's current state). */
export interface EmailDraft {
  subject: string;
  preheader: string;
  design: EmailDesign;
}

/** A rendered email as a reader sees it (preview or test). */
export interface RenderedPreview {
  subject: string;
  preheader: string;
  html: string;
  text: string;
  variables: string[];
}

const inTx = <T>(scope: Scope, fn: (tx: Db) => Promise<T>) => scope.db.withTenant(scope.tenantId, fn);

/** Checks and renders a draft exactly as a save would, then fills in the preview's sample values. */
export function previewDraft(app: FastifyInstance, scope: Scope, draft: EmailDraft, baseUrl: string): Promise<RenderedPreview> {
  return inTx(scope, async (tx) => {
    const compiled = { ...draft, ...(await compileDraft(tx, scope.tenantId, draft)) };
    return withValues(compiled, draft.preheader, await previewValues(app, tx, scope), baseUrl);
  });
}

/** A saved template with the preview's sample values (its stored HTML and text: no compiling). */
export function previewSaved(app: FastifyInstance, scope: Scope, id: string, baseUrl: string): Promise<RenderedPreview> {
  return inTx(scope, async (tx) => {
    const template = await emailTemplatesResource.getIn(tx, scope, id);
    return withValues(template, template.preheader, await previewValues(app, tx, scope), baseUrl);
  });
}

/**
 * Sends a saved template, or a draft, once to `to` through the installation's mail (the outbox, and
 * SMTP when configured), subject marked [Test]: with that contact's values when `to` is a contact,
 * else the preview's. Recorded in the same transaction as nothing else: it goes out after commit.
 */
export async function testSend(
  app: FastifyInstance,
  scope: Scope,
  source: { id: string } | { draft: EmailDraft },
  to: string,
  baseUrl: string,
): Promise<{ outboxId: string; to: string; subject: string }> {
  const result = await inTx(scope, async (tx) => {
    const email =
      'id' in source
        ? await emailTemplatesResource.getIn(tx, scope, source.id)
        : { ...source.draft, ...(await compileDraft(tx, scope.tenantId, source.draft)) };
    const personal = await personalize(email, await testValues(app, tx, scope, to), baseUrl);
    const subject = `[Test] ${personal.subject}`;
    const outboxId = await app.mailer.enqueue(tx, scope.tenantId, { to, subject, text: personal.text, html: personal.html });
    return { outboxId, to, subject };
  });
  await app.appLog(scope.tenantId, `Test email sent to ${to}`, { outboxId: result.outboxId, by: scope.actor.name });
  return result;
}

async function withValues(
  email: { subject: string; html: string; text: string; variables: string[] },
  preheader: string,
  values: Record<string, string>,
  baseUrl: string,
): Promise<RenderedPreview> {
  const personal = await personalize(email, values, baseUrl);
  return { ...personal, preheader: await renderTemplate(preheader, values, { escape: false }), variables: email.variables };
}

/** The starter layouts compiled once per process (they never change); previews fill in each community's values. */
let compiledLayouts: Promise<{ key: string; html: string; text: string; subject: string }[]> | null = null;

/** The library: the four starter layouts with their designs and a preview in the community's values. */
export async function layoutLibrary(app: FastifyInstance, scope: Scope, baseUrl: string) {
  compiledLayouts ??= Promise.all(
    STARTER_LAYOUTS.map(async (l) => ({ key: l.key, subject: l.subject, ...(await compileEmail(l.design, l)) })),
  ).catch((error) => {
    compiledLayouts = null;
    throw error;
  });
  const compiled = await compiledLayouts;
  const values = await inTx(scope, (tx) => previewValues(app, tx, scope));
  return Promise.all(
    STARTER_LAYOUTS.map(async (layout, i) => ({
      ...layout,
      preview: {
        ...(await personalize(compiled[i], values, baseUrl)),
        preheader: await renderTemplate(layout.preheader, values, { escape: false }),
      },
    })),
  );
}
