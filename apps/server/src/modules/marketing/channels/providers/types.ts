import { type Outbound, OutboundError, type OutboundResponse } from '../../../../kernel/messaging';
import { AppError } from '../../../../kernel/resources';

/** What a provider answered for one message. `outbox`: recorded for development, not sent. */
export interface SendResult {
  status: 'sent' | 'queued' | 'outbox';
  provider: string;
  providerMessageId: string;
}

/**
 * A provider refused, could not be reached, or sits at an address the server does not call. Answered
 * as a 422 naming the provider (never a 5xx: the community's settings or the provider are at fault,
 * not this server), and recorded on the message.
 */
export class ProviderError extends AppError {
  constructor(
    readonly provider: string,
    code: 'provider_refused' | 'provider_unreachable' | 'provider_timeout' | 'provider_address_refused',
    message: string,
  ) {
    super(422, code, message);
    this.name = 'ProviderError';
  }
}

/** Default time a provider call may take. */
export const PROVIDER_TIMEOUT_MS = 10_000;

export interface ProviderCall {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as they are (with its own content-type header). */
  bytes?: Uint8Array;
  timeoutMs?: number;
  maxBytes?: number;
}

/**
 * One call to a provider at an address the community configured, through the kernel's outbound
 * HTTP (public https addresses only, no redirects): a timeout, and every failure turned into a
 * ProviderError carrying the provider's own message (clipped), never its credentials. Answers the
 * response with its body read.
 */
export async function callProvider(provider: string, outbound: Outbound, url: string, init: ProviderCall): Promise<OutboundResponse> {
  const timeoutMs = init.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  try {
    return await outbound.request(url, {
      method: init.method,
      headers: { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      body: init.bytes ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      timeoutMs,
      maxBytes: init.maxBytes,
    });
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    if (error.kind === 'timeout')
      throw new ProviderError(provider, 'provider_timeout', `${provider} did not answer within ${Math.round(timeoutMs / 1000)} s`);
    if (error.kind === 'refused')
      throw new ProviderError(provider, 'provider_address_refused', `${provider} was not called: ${clip(error.message)}`);
    if (error.kind === 'too_large')
      throw new ProviderError(provider, 'provider_refused', `${provider} answered too much: ${clip(error.message)}`);
    throw new ProviderError(provider, 'provider_unreachable', `${provider} could not be reached (${clip(error.message)})`);
  }
}

/** One JSON call to a provider (callProvider); a refusal names the provider's reason (`messageOf` its error body). */
export async function callJson(
  provider: string,
  outbound: Outbound,
  url: string,
  init: ProviderCall,
  messageOf: (body: unknown) => string | undefined,
): Promise<unknown> {
  const response = await callProvider(provider, outbound, url, init);
  const text = response.body.toString('utf8');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const reason = messageOf(body) ?? (text ? clip(text) : `HTTP ${response.status}`);
    throw new ProviderError(provider, 'provider_refused', `${provider} refused (${response.status}): ${clip(reason)}`);
  }
  return body;
}

const clip = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}…` : s);
