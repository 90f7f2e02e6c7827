import type { WhatsappButton, WhatsappStatus } from '../../tables/channels';
import { callJson, type SendResult } from './types';

// Meta's WhatsApp Cloud API (graph.facebook.com/<version>, configurable for a sandbox or a test
// fake): submit a message template for approval, read its status, send a template message.

export interface WhatsappCloudOptions {
  graphUrl: string;
  accessToken: string;
  phoneNumberId: string;
  businessAccountId: string;
  timeoutMs?: number;
}

/** A template as this app keeps it (tables/channels.ts), with sample values for Meta's review. */
export interface TemplateForReview {
  name: string;
  category: string;
  language: string;
  headerType: 'none' | 'text' | 'image';
  headerText: string | null;
  headerImageUrl: string | null;
  body: string;
  footer: string | null;
  buttons: WhatsappButton[];
  /** Example values for `{{1}}` … in order (Meta requires them). */
  samples: string[];
}

const PROVIDER = 'WhatsApp Cloud API';
const STATUS: Record<string, WhatsappStatus> = {
  APPROVED: 'approved',
  PENDING: 'pending',
  IN_APPEAL: 'pending',
  REJECTED: 'rejected',
  PAUSED: 'paused',
  DISABLED: 'disabled',
  LIMIT_EXCEEDED: 'disabled',
};

export const statusOf = (providerStatus: unknown): WhatsappStatus => STATUS[String(providerStatus).toUpperCase()] ?? 'pending';

/** The template in Meta's components shape. */
export function componentsOf(t: TemplateForReview): unknown[] {
  const components: unknown[] = [];
  if (t.headerType === 'text' && t.headerText) {
    const usesVariable = /\{\{\s*1\s*\}\}/.test(t.headerText);
    components.push({
      type: 'HEADER',
      format: 'TEXT',
      text: t.headerText,
      ...(usesVariable ? { example: { header_text: [t.samples[0] ?? 'Sample'] } } : {}),
    });
  }
  if (t.headerType === 'image' && t.headerImageUrl)
    components.push({ type: 'HEADER', format: 'IMAGE', example: { header_handle: [t.headerImageUrl] } });
  components.push({ type: 'BODY', text: t.body, ...(t.samples.length > 0 ? { example: { body_text: [t.samples] } } : {}) });
  if (t.footer) components.push({ type: 'FOOTER', text: t.footer });
  if (t.buttons.length > 0) {
    components.push({
      type: 'BUTTONS',
      buttons: t.buttons.map((b) =>
        b.type === 'url'
          ? { type: 'URL', text: b.text, url: b.url }
          : b.type === 'phone'
            ? { type: 'PHONE_NUMBER', text: b.text, phone_number: b.phone }
            : { type: 'QUICK_REPLY', text: b.text },
      ),
    });
  }
  return components;
}

function graphError(body: unknown): string | undefined {
  const e = (body as { error?: { message?: unknown; error_user_msg?: unknown } } | null)?.error;
  if (typeof e?.error_user_msg === 'string') return e.error_user_msg;
  return typeof e?.message === 'string' ? e.message : undefined;
}

export function createWhatsappCloudClient(options: WhatsappCloudOptions) {
  const base = options.graphUrl.replace(/\/+$/, '');
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    callJson(
      PROVIDER,
      `${base}/${path}`,
      { method, headers: { authorization: `Bearer ${options.accessToken}` }, body, timeoutMs: options.timeoutMs },
      graphError,
    );

  return {
    /** Submits a new template (or an edit of one Meta already has) for approval. */
    async submitTemplate(t: TemplateForReview, providerTemplateId?: string | null): Promise<{ id: string; status: WhatsappStatus }> {
      const components = componentsOf(t);
      const answer = (
        providerTemplateId
          ? await call('POST', encodeURIComponent(providerTemplateId), { category: t.category.toUpperCase(), components })
          : await call('POST', `${encodeURIComponent(options.businessAccountId)}/message_templates`, {
              name: t.name,
              language: t.language,
              category: t.category.toUpperCase(),
              components,
            })
      ) as { id?: unknown; status?: unknown; success?: unknown } | null;
      const id = typeof answer?.id === 'string' ? answer.id : (providerTemplateId ?? '');
      return { id, status: answer?.status === undefined ? 'pending' : statusOf(answer.status) };
    },

    /** The template's review status as Meta has it now. */
    async templateStatus(providerTemplateId: string): Promise<{ status: WhatsappStatus; reason: string | null }> {
      const answer = (await call('GET', `${encodeURIComponent(providerTemplateId)}?fields=id,name,status,rejected_reason`)) as {
        status?: unknown;
        rejected_reason?: unknown;
      } | null;
      const reason = typeof answer?.rejected_reason === 'string' && answer.rejected_reason !== 'NONE' ? answer.rejected_reason : null;
      return { status: statusOf(answer?.status), reason };
    },

    /** Sends an approved template to one number, its numbered variables filled. */
    async sendTemplate(to: string, name: string, language: string, bodyValues: string[]): Promise<SendResult> {
      const answer = (await call('POST', `${encodeURIComponent(options.phoneNumberId)}/messages`, {
        messaging_product: 'whatsapp',
        to: to.replace(/^\+/, ''),
        type: 'template',
        template: {
          name,
          language: { code: language },
          ...(bodyValues.length > 0
            ? { components: [{ type: 'body', parameters: bodyValues.map((text) => ({ type: 'text', text })) }] }
            : {}),
        },
      })) as { messages?: { id?: unknown }[] } | null;
      const id = answer?.messages?.[0]?.id;
      return { status: 'sent', provider: 'cloud_api', providerMessageId: typeof id === 'string' ? id : '' };
    },
  };
}
