/** Every fetch of the app in unit tests goes to the handler a test sets (none = 404). */
export type Handler = (
  method: string,
  url: URL,
  body: unknown,
) => { status?: number; body?: unknown /** An event stream's body instead of JSON. */; stream?: ReadableStream<Uint8Array> } | undefined;

let handler: Handler = () => undefined;
export const calls: { method: string; url: URL; body: unknown }[] = [];

export function mockApi(next: Handler) {
  handler = next;
  calls.length = 0;
}

/** A request body as the handler reads it: parsed JSON, or the text itself when it is not JSON (a form). */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request ? input : new Request(String(input), init);
  const url = new URL(request.url);
  const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
  const body = text ? jsonOrText(text) : undefined;
  calls.push({ method: request.method, url, body });
  const answer = handler(request.method, url, body) ?? { status: 404, body: { error: { code: 'route_not_found', message: 'No route' } } };
  const status = answer.status ?? 200;
  if (answer.stream) return new Response(answer.stream, { status, headers: { 'content-type': 'text/event-stream' } });
  return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

type Answer = { status?: number; body?: unknown };
/** A test's own answers, by "METHOD /path" (e.g. `GET /api/v1/identity/admins`). */
export type Overrides = Record<string, (url: URL, body: unknown) => Answer>;

/** mockApi for a test file's API, answered by `routes` from the request's "METHOD /path" key unless a test overrides that key. */
export function mockRoutes(overrides: Overrides, routes: (key: string, url: URL, body: unknown) => Answer | undefined) {
  mockApi((method, url, body) => {
    const key = `${method} ${url.pathname}`;
    return overrides[key] ? overrides[key](url, body) : routes(key, url, body);
  });
}
