import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers (Content-Security-Policy, HSTS, X-Content-Type-Options, …), worked out
 * once per policy and set on every answer. (@fastify/helmet builds helmet's middleware again on
 * every request.) Paths under `exempt` go without the Content-Security-Policy (the API reference
 * runs an inline script); every other header stays.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, options: { helmet: HelmetOptions; exempt: string; api: { prefixes: string[]; helmet: HelmetOptions } }) => {
    const standard = headersOf(options.helmet);
    const exempt = headersOf({ ...options.helmet, contentSecurityPolicy: false });
    const api = headersOf(options.api.helmet);
    const isApi = (url: string) => options.api.prefixes.some((p) => url.startsWith(p));
    app.addHook('onRequest', (req, reply, done) => {
      reply.headers(isApi(req.url) ? api : req.url.startsWith(options.exempt) ? exempt : standard);
      done();
    });
  },
);

/**
 * The headers of JSON API answers (OWASP's REST set): a policy that allows nothing and no framing,
 * nosniff, HSTS, no referrer, same-site resources. The document-only headers (opener policy, agent
 * cluster, prefetch, old IE and Flash ones) mean nothing to JSON and would add ~300 bytes to every answer.
 */
export const API_HELMET: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginResourcePolicy: { policy: 'same-site' },
  xFrameOptions: { action: 'deny' },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** The headers helmet sets for these options (its middleware, run once on a recording response). */
export function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  helmet(options)({} as never, response as never, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}
