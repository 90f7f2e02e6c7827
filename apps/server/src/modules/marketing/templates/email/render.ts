import { errors } from '../../../../kernel/resources';
import { renderTemplate, variablesIn } from '../../variables/engine';
import type { EmailDesign } from './design';
import { designToMjml, type EmailMeta } from './mjml';
import { designToText } from './text';

/** What a save stores: the responsive HTML and the plain-text part (merge tags intact) and the variables they use. */
export interface CompiledEmail {
  html: string;
  text: string;
  variables: string[];
}

/**
 * Compiles a design with MJML (v5: mjml2html is async) into responsive HTML, and writes its
 * plain-text part. Merge tags are left for the send, which fills them per recipient.
 */
export async function compileEmail(design: EmailDesign, meta: EmailMeta): Promise<CompiledEmail> {
  // Loaded on first use: MJML is large and only templates need it.
  const { default: mjml2html } = await import('mjml');
  const result = await mjml2html(designToMjml(design, meta), { validationLevel: 'soft', keepComments: false });
  if (result.errors.length > 0) {
    throw errors.validation({ design: result.errors[0].message }, 'The design could not be turned into an email');
  }
  const text = designToText(design);
  const variables = [
    ...new Set([...variablesIn(result.html, 'design'), ...variablesIn(text, 'design'), ...variablesIn(meta.subject, 'subject')]),
  ];
  return { html: result.html, text, variables: variables.sort() };
}

/**
 * The texts of a design that may hold merge tags, by the field a problem is reported on
 * (`design.blocks.2.html`): what the variable check reads, so an unknown variable names its block.
 */
export function designFields(design: EmailDesign): Record<string, string> {
  const fields: Record<string, string> = {};
  design.blocks.forEach((block, i) => {
    const at = (name: string, value: string | undefined) => {
      if (value) fields[`design.blocks.${i}.${name}`] = value;
    };
    switch (block.type) {
      case 'header':
        at('title', block.title);
        at('logoUrl', block.logoUrl);
        break;
      case 'text':
      case 'footer':
        at('html', block.html);
        break;
      case 'image':
        at('alt', block.alt);
        at('url', block.url);
        at('href', block.href);
        break;
      case 'button':
        at('label', block.label);
        at('href', block.href);
        break;
      case 'columns':
        block.columns.forEach((c, j) => {
          at(`columns.${j}.html`, c.html);
        });
        break;
      case 'cards':
        at('heading', block.heading);
        block.items.forEach((item, j) => {
          at(`items.${j}.title`, item.title);
          at(`items.${j}.text`, item.text);
          at(`items.${j}.url`, item.url);
        });
        break;
      case 'divider':
        break;
    }
  });
  return fields;
}

/** An email as one recipient gets it. */
export interface PersonalEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * Fills a compiled email with one recipient's values: the HTML escapes every value, the subject and
 * the text part do not (they are not HTML). Images on the community's own files (`/public/…`) get
 * the server's address, which an email needs.
 */
export async function personalize(
  email: { subject: string; html: string; text: string },
  values: Record<string, string>,
  baseUrl?: string,
): Promise<PersonalEmail> {
  const [subject, html, text] = await Promise.all([
    renderTemplate(email.subject, values, { escape: false }),
    renderTemplate(email.html, values, { escape: true }),
    renderTemplate(email.text, values, { escape: false }),
  ]);
  return { subject, html: baseUrl ? html.replace(/(src|href)="\/public\//g, `$1="${baseUrl.replace(/\/$/, '')}/public/`) : html, text };
}
