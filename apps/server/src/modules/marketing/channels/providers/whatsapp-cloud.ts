import type { Outbound } from '../../../../kernel/messaging';
import type { WhatsappButton, WhatsappHeader, WhatsappStatus } from '../../tables/channels';
import { callJson, callProvider, ProviderError, type SendResult } from './types';

// Meta's WhatsApp Cloud API (graph.facebook.com/<version>, configurable for a sandbox or a test
// fake): submit a message template for approval (a media header uploaded first through the
// Resumable Upload API), read its status, send a template message.

export interface WhatsappCloudOptions {
  graphUrl: string;
  accessToken: string;
  phoneNumberId: string;
  businessAccountId: string;
  /** The Meta app's id: media headers are uploaded to it (Resumable Upload API). */
  appId?: string;
  timeoutMs?: number;
  /** The kernel's outbound HTTP: the Graph address is the community's, held to public addresses. */
  outbound: Outbound;
}

/** A template as this app keeps it (tables/channels.ts), with sample values for Meta's review. */
export interface TemplateForReview {
  name: string;
  category: string;
  language: string;
  headerType: WhatsappHeader;
  headerText: string | null;
  /** The header's image, video or document (its https address), for media headers. */
  headerImageUrl: string | null;
  /** The media header's upload handle (`h` of the Resumable Upload API): the example Meta reviews. */
  headerHandle?: string | null;
  body: string;
  footer: string | null;
  buttons: WhatsappButton[];
  /** Example values for `{{1}}` … in order (Meta requires them). */
  samples: string[];
}

/** A file for a media header, read from its address. */
export interface HeaderMedia {
  bytes: Buffer;
  /** Its type, from its first bytes: image/jpeg, image/png, video/mp4, application/pdf. */
  type: string;
  name: string;
}

const PROVIDER = 'WhatsApp Cloud API';
const STATUS: Record<string, WhatsappStatus> = {
  APPROVED: 'approved',
  REINSTATED: 'approved',
  PENDING: 'pending',
  IN_APPEAL: 'pending',
  REJECTED: 'rejected',
  PAUSED: 'paused',
  DISABLED: 'disabled',
  LIMIT_EXCEEDED: 'disabled',
  PENDING_DELETION: 'disabled',
  DELETED: 'disabled',
  ARCHIVED: 'disabled',
};

/** Our status for one of Meta's template statuses or status-update events (undefined: one we do not track, e.g. FLAGGED). */
export const knownStatusOf = (providerStatus: unknown): WhatsappStatus | undefined => STATUS[String(providerStatus).toUpperCase()];
export const statusOf = (providerStatus: unknown): WhatsappStatus => knownStatusOf(providerStatus) ?? 'pending';

/** Meta's header formats of media headers. */
export const MEDIA_HEADERS: Partial<Record<WhatsappHeader, { format: string; types: string[]; maxBytes: number; what: string }>> = {
  image: { format: 'IMAGE', types: ['image/jpeg', 'image/png'], maxBytes: 5 * 1024 * 1024, what: 'a JPEG or PNG image' },
  video: { format: 'VIDEO', types: ['video/mp4'], maxBytes: 16 * 1024 * 1024, what: 'an MP4 video' },
  document: { format: 'DOCUMENT', types: ['application/pdf'], maxBytes: 16 * 1024 * 1024, what: 'a PDF document' },
};

/** The type of a file by its first bytes (what it is, whatever its server calls it). */
export function sniffType(bytes: Buffer): string | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp') return 'video/mp4';
  return null;
}

/**
 * Reads a media header's file from its address (the community's: through the outbound guard),
 * checked for the header's kind and size. Failures are 422s naming the header media.
 */
export async function fetchHeaderMedia(outbound: Outbound, url: string, headerType: WhatsappHeader): Promise<HeaderMedia> {
  const kind = MEDIA_HEADERS[headerType];
  if (!kind) throw new Error(`${headerType} is not a media header`);
  const what = 'The header media';
  const response = await callProvider(what, outbound, url, {
    method: 'GET',
    headers: { accept: kind.types.join(', ') },
    maxBytes: kind.maxBytes,
    timeoutMs: 30_000,
  });
  if (!response.ok) throw new ProviderError(what, 'provider_refused', `${what} could not be read (HTTP ${response.status}) from ${url}`);
  const type = sniffType(response.body);
  if (!type || !kind.types.includes(type)) throw new ProviderError(what, 'provider_refused', `${what} at ${url} is not ${kind.what}`);
  return { bytes: response.body, type, name: fileNameOf(url) || `header.${type.split('/')[1]}` };
}

/** The last segment of an address's path, as a plain file name ('' when there is none). */
function fileNameOf(url: string): string {
  const last = new URL(url).pathname.split('/').pop() ?? '';
  let name: string;
  try {
    name = decodeURIComponent(last);
  } catch {
    name = last;
  }
  return name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 200);
}

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
  const media = MEDIA_HEADERS[t.headerType];
  if (media) {
    if (!t.headerHandle) throw new Error('A media header is submitted with its upload handle (uploadMedia)');
    components.push({ type: 'HEADER', format: media.format, example: { header_handle: [t.headerHandle] } });
  }
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
      options.outbound,
      `${base}/${path}`,
      { method, headers: { authorization: `Bearer ${options.accessToken}` }, body, timeoutMs: options.timeoutMs },
      graphError,
    );

  return {
    /**
     * Uploads a file with the Resumable Upload API (a session on the app, then the bytes at offset
     * 0) and answers its handle `h`, which a media header's example names.
     */
    async uploadMedia(media: HeaderMedia): Promise<string> {
      if (!options.appId)
        throw new ProviderError(PROVIDER, 'provider_refused', 'Add the Meta app id in the WhatsApp settings to upload a media header');
      const query = new URLSearchParams({ file_name: media.name, file_length: String(media.bytes.length), file_type: media.type });
      const session = (await call('POST', `${encodeURIComponent(options.appId)}/uploads?${query}`)) as { id?: unknown } | null;
      const id = session?.id;
      if (typeof id !== 'string' || !/^upload:[^\s/#]+$/.test(id))
        throw new ProviderError(PROVIDER, 'provider_refused', `${PROVIDER} did not open an upload session`);
      const answer = (await callJson(
        PROVIDER,
        options.outbound,
        `${base}/${id}`,
        {
          method: 'POST',
          headers: { authorization: `OAuth ${options.accessToken}`, file_offset: '0', 'content-type': media.type },
          bytes: media.bytes,
          timeoutMs: Math.max(options.timeoutMs ?? 0, 60_000),
        },
        graphError,
      )) as { h?: unknown } | null;
      if (typeof answer?.h !== 'string' || !answer.h)
        throw new ProviderError(PROVIDER, 'provider_refused', `${PROVIDER} did not answer a handle for the upload`);
      return answer.h;
    },

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
      return { status: statusOf(answer?.status), reason: reasonOf(answer?.rejected_reason) };
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

/** Meta's rejection reason, or null when there is none (`NONE`). */
export const reasonOf = (reason: unknown): string | null =>
  typeof reason === 'string' && reason !== '' && reason.toUpperCase() !== 'NONE' ? reason.slice(0, 500) : null;
