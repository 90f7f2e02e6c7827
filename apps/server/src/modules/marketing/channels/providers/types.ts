import { AppError } from '../../../../kernel/resources';

/** What a provider answered for one message. `outbox`: recorded for development, not sent. */
export interface SendResult {
  status: 'sent' | 'queued' | 'outbox';
  provider: string;
  providerMessageId: string;
}

/**
 * A provider refused or could not be reached. Answered as a 422 naming the provider (never a 5xx:
 * the community's settings or the provider are at fault, not this server), and recorded on the message.
 */
export class ProviderError extends AppError {
  constructor(
    readonly provider: string,
    code: 'provider_refused' | 'provider_unreachable' | 'provider_timeout',
    message: string,
  ) {
    super(422, code, message);
    this.name = 'ProviderError';
  }
}

/** Default time a provider call may take. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * One JSON call to a provider: a timeout, and every failure turned into a ProviderError carrying
 * the provider's own message (clipped), never its credentials.
 */
export async function callJson(
  provider: string,
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown; timeoutMs?: number },
  messageOf: (body: unknown) => string | undefined,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? PROVIDER_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new ProviderError(
        provider,
        'provider_timeout',
        `${provider} did not answer within ${Math.round((init.timeoutMs ?? PROVIDER_TIMEOUT_MS) / 1000)} s`,
      );
    }
    throw new ProviderError(
      provider,
      'provider_unreachable',
      `${provider} could not be reached (${clip((error as Error).cause ? String((error as { cause: unknown }).cause) : (error as Error).message)})`,
    );
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const reason = messageOf(body) ?? (text ? clip(text) : response.statusText);
    throw new ProviderError(provider, 'provider_refused', `${provider} refused (${response.status}): ${clip(reason)}`);
  }
  return body;
}

const clip = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}…` : s);
