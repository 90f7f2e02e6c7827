import { type Outbound, OutboundError, type OutboundResponse } from '../../../kernel/messaging';
import { clip, failureOfStatus, SendFailure } from './types';

/** One JSON call to a provider through the kernel's outbound HTTP, failures classified for retries. */
export async function postJson(
  outbound: Outbound,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs = 10_000,
): Promise<{ status: number; json: unknown }> {
  let response: OutboundResponse;
  try {
    response = await outbound.request(url, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body),
      timeoutMs,
    });
  } catch (error) {
    if (error instanceof OutboundError) {
      if (error.kind === 'refused') throw new SendFailure('permanent', clip(error.message));
      throw new SendFailure('transient', `${error.kind === 'timeout' ? 'No answer in time' : 'Unreachable'}: ${clip(error.message)}`);
    }
    throw error;
  }
  const text = response.body.toString('utf8');
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    const e = json as { error?: { message?: string } | string; message?: string } | null;
    const reason =
      typeof e?.error === 'string' ? e.error : (e?.error?.message ?? e?.message ?? (text ? clip(text) : `HTTP ${response.status}`));
    throw failureOfStatus(
      response.status,
      `${response.status}: ${clip(String(reason))}`,
      response.headers['retry-after'] as string | undefined,
    );
  }
  return { status: response.status, json };
}
