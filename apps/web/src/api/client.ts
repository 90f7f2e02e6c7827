import createClient, { type Middleware } from 'openapi-fetch';
import { clearToken, getToken } from '../lib/session';
import type { paths } from './schema';

/** The error body of every refusal: `{ error: { code, message, fields? } }`. */
/** One of the answers a refusal offers (e.g. the communities a sign-in's password opens). */
export interface ErrorChoice {
  value: string;
  label: string;
}

export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string>; choices?: ErrorChoice[] };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly choices?: ErrorChoice[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type UnauthorizedListener = () => void;
let onUnauthorized: UnauthorizedListener = () => {};

/** The app decides what a 401 means (sign out and go to /login, remembering the page). */
export function setUnauthorizedHandler(listener: UnauthorizedListener) {
  onUnauthorized = listener;
}

/** Paths whose 401 is an answer, not an expired session (a wrong password). */
const SIGN_IN_PATHS = ['/api/v1/auth/login', '/api/v1/auth/otp', '/api/v1/auth/password/'];

const auth: Middleware = {
  onRequest({ request }) {
    const token = getToken();
    if (token && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${token}`);
    return request;
  },
  onResponse({ request, response }) {
    if (response.status === 401 && !SIGN_IN_PATHS.some((p) => new URL(request.url).pathname.startsWith(p))) {
      clearToken();
      onUnauthorized();
    }
    return response;
  },
};

export const api = createClient<paths>({ baseUrl: typeof window === 'undefined' ? 'http://localhost' : window.location.origin });
api.use(auth);

/** Turns an error body (or a network failure) into an ApiError. */
export function toApiError(status: number, body: unknown): ApiError {
  const e = (body as ApiErrorBody | undefined)?.error;
  if (e?.code) return new ApiError(status, e.code, e.message, e.fields, e.choices);
  return new ApiError(status, 'http_error', status >= 500 ? 'The server could not answer. Try again.' : `Request failed (${status})`);
}

/** Unwraps an openapi-fetch result: the data, or throws an ApiError. */
export async function unwrap<T>(promise: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await promise;
  } catch {
    throw new ApiError(0, 'network_error', 'The server cannot be reached. Check your connection and try again.');
  }
  if (result.error !== undefined || !result.response.ok) throw toApiError(result.response.status, result.error);
  return result.data as T;
}

/**
 * A call to a path only known at run time (generic resource screens), through the same client
 * (same token and 401 handling). Query values that are arrays repeat the key.
 */
export async function request<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  options: { query?: Record<string, string | string[] | number | undefined>; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const dynamic = api as unknown as Record<
    string,
    (path: string, init: Record<string, unknown>) => Promise<{ data?: T; error?: unknown; response: Response }>
  >;
  const call = dynamic[method];
  return unwrap<T>(
    call(path, {
      params: { query: options.query },
      body: options.body,
      ...(options.headers ? { headers: options.headers } : {}),
      ...(options.body instanceof FormData ? { bodySerializer: (b: FormData) => b } : {}),
      querySerializer: serializeQuery,
    }),
  );
}

export function serializeQuery(query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  return params.toString();
}
