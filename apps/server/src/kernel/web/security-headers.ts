import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers (Content-Security-Policy, HSTS, X-Content-Type-Options, …), worked out
 * once per policy and set on every answer. (@fastify/helmet builds helmet's middleware again on
 * every request.) Paths under `exempt` go without the Content-Security-Policy (the API reference
 * runs an inline script); every other header stays.
 */
export const securityHeaders = fp(async (app: FastifyInstance, options: { helmet: HelmetOptions; exempt: string }) => {
  const standard = headersOf(options.helmet);
  const exempt = headersOf({ ...options.helmet, contentSecurityPolicy: false });
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.url.startsWith(options.exempt) ? exempt : standard);
    done();
  });
});

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
