import { z } from 'zod';
import { AppError } from '../../../kernel/errors';
import type { GatewayAccount } from './types';

/** The gateway did not answer in time: the transaction stays as it was, to be reconciled. */
export const gatewayTimeout = (label: string) =>
  new AppError(504, 'gateway_timeout', `${label} did not answer in time. Nothing was charged twice; the payment will be checked again.`);
export const gatewayUnreachable = (label: string) => new AppError(502, 'gateway_unreachable', `${label} could not be reached. Try again.`);
export const gatewayRefused = (label: string, detail: string) =>
  new AppError(502, 'gateway_refused', `${label} refused the request: ${detail.slice(0, 200)}`);
export const gatewayCredentials = (label: string) =>
  new AppError(502, 'gateway_credentials', `${label} refused the credentials of this gateway. Check them in the payment settings.`);
export const invalidSignature = () => new AppError(400, 'invalid_signature', 'The payment callback is not signed by the gateway');

/** What a call sends: with a body it is a POST, without one a GET. */
export interface GatewayBody {
  contentType: string;
  text: string;
}

export const jsonBody = (value: unknown): GatewayBody => ({ contentType: 'application/json', text: JSON.stringify(value) });
export const formBody = (values: Record<string, string | number | undefined>): GatewayBody => ({
  contentType: 'application/x-www-form-urlencoded',
  text: formEncode(values),
});

export interface GatewayRequest {
  label: string;
  url: string;
  authorization?: string;
  body?: GatewayBody;
  /** Extra request headers (Stripe's Idempotency-Key). */
  headers?: Record<string, string>;
  timeoutMs: number;
}

/**
 * A gateway's REST API: calls under `base` with the account's authorization; a call with a body
 * (encoded by `encode`) is a POST, one without a GET.
 */
export function gatewayApi<B>(
  label: string,
  base: string,
  timeoutMs: number,
  authorization: (account: GatewayAccount) => string,
  encode: (body: B) => GatewayBody,
) {
  return <T extends z.ZodType>(account: GatewayAccount, path: string, schema: T, body?: B, headers?: Record<string, string>) =>
    gatewayRequest(
      {
        label,
        url: `${base}${path}`,
        authorization: authorization(account),
        body: body === undefined ? undefined : encode(body),
        headers,
        timeoutMs,
      },
      schema,
    );
}

/**
 * One HTTP call to a gateway (fetch, undici): a timeout is a 504, an unreachable host a 502, a
 * refusal a 502 naming the gateway's reason; the answer is parsed with `schema`.
 */
export async function gatewayRequest<T extends z.ZodType>(req: GatewayRequest, schema: T): Promise<z.infer<T>> {
  let res: Response;
  try {
    res = await fetch(req.url, {
      method: req.body ? 'POST' : 'GET',
      headers: {
        accept: 'application/json',
        ...(req.authorization ? { authorization: req.authorization } : {}),
        ...(req.body ? { 'content-type': req.body.contentType } : {}),
        ...req.headers,
      },
      body: req.body?.text,
      signal: AbortSignal.timeout(req.timeoutMs),
      redirect: 'error',
    });
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw gatewayTimeout(req.label);
    throw gatewayUnreachable(req.label);
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    const name = (err as { name?: string }).name;
    throw name === 'TimeoutError' || name === 'AbortError' ? gatewayTimeout(req.label) : gatewayUnreachable(req.label);
  }
  if (res.status === 401 || res.status === 403) throw gatewayCredentials(req.label);
  let json: unknown;
  try {
    json = text === '' ? {} : JSON.parse(text);
  } catch {
    throw gatewayRefused(req.label, `an answer that is not JSON (HTTP ${res.status})`);
  }
  if (!res.ok) throw gatewayRefused(req.label, errorDescription(json) ?? `HTTP ${res.status}`);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw gatewayRefused(req.label, 'an answer of an unexpected shape');
  return parsed.data;
}

/** The gateways' error shapes: Razorpay and Stripe `{ error: { description | message } }`, PayU `{ msg }`. */
function errorDescription(json: unknown): string | undefined {
  const e = z
    .object({
      error: z.union([z.object({ description: z.string().optional(), message: z.string().optional() }), z.string()]).optional(),
      msg: z.string().optional(),
    })
    .safeParse(json);
  if (!e.success) return undefined;
  const error = e.data.error;
  if (typeof error === 'string') return error;
  return error?.description ?? error?.message ?? e.data.msg;
}

/** Form encoding (Stripe's API, PayU's postservice), nested keys as `a[b][c]`. */
export function formEncode(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined) params.append(k, String(v));
  return params.toString();
}

/** JSON of a body, or undefined when it is not JSON. */
export function safeJson(body: Buffer | string): unknown {
  try {
    return JSON.parse(typeof body === 'string' ? body : body.toString('utf8'));
  } catch {
    return undefined;
  }
}
