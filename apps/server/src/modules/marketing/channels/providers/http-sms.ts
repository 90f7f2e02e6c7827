import type { Outbound } from '../../../../kernel/messaging';
import { callJson, type SendResult } from './types';

/**
 * A generic HTTP SMS gateway. The call, which most gateways accept or a small adapter can offer:
 *
 *   POST {baseUrl}/messages
 *   Authorization: Bearer {apiKey}        (and X-Api-User: {username} when one is set)
 *   { "from": "ATRIUM", "to": "+919845012345", "text": "…", "templateId": "1107…" }   templateId: the DLT id, when set
 *
 *   2xx → { "id": "msg_123" } (or "messageId")         the gateway's id for the message
 *   4xx/5xx → { "error": { "message": "…" } } or { "message": "…" }
 */
export interface HttpSmsOptions {
  baseUrl: string;
  apiKey: string;
  username?: string;
  timeoutMs?: number;
  /** The kernel's outbound HTTP: the gateway's address is the community's, held to public addresses. */
  outbound: Outbound;
}

export interface OutgoingSms {
  to: string;
  text: string;
  from: string;
  templateId?: string | null;
}

const PROVIDER = 'SMS gateway';

export function createHttpSmsClient(options: HttpSmsOptions) {
  return {
    async send(sms: OutgoingSms): Promise<SendResult> {
      const body = (await callJson(
        PROVIDER,
        options.outbound,
        `${options.baseUrl.replace(/\/+$/, '')}/messages`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${options.apiKey}`, ...(options.username ? { 'x-api-user': options.username } : {}) },
          body: { from: sms.from, to: sms.to, text: sms.text, ...(sms.templateId ? { templateId: sms.templateId } : {}) },
          timeoutMs: options.timeoutMs,
        },
        errorMessage,
      )) as { id?: unknown; messageId?: unknown } | null;
      const id = body?.id ?? body?.messageId;
      return { status: 'sent', provider: 'http', providerMessageId: typeof id === 'string' || typeof id === 'number' ? String(id) : '' };
    },
  };
}

function errorMessage(body: unknown): string | undefined {
  const b = body as { error?: { message?: unknown } | string; message?: unknown } | null;
  if (typeof b?.error === 'string') return b.error;
  if (typeof b?.error?.message === 'string') return b.error.message;
  return typeof b?.message === 'string' ? b.message : undefined;
}
