import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The built console (apps/web/dist), next to this workspace. */
export const CONSOLE_DIST = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

/** Paths the console never answers: the API, the seeds' calls and public website endpoints keep their JSON 404. */
const NOT_CONSOLE = /^\/(api|compat|public)(\/|$)/;

const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface ServeConsoleOptions {
  /** Folder of the built console (default apps/web/dist). */
  dist?: string;
}

/** A request the browser makes for a page (not for data): GET, accepts HTML, outside the API. */
export function wantsConsolePage(req: FastifyRequest): boolean {
  const path = req.url.split('?')[0];
  return (
    (req.method === 'GET' || req.method === 'HEAD') && !NOT_CONSOLE.test(path) && String(req.headers.accept ?? '').includes('text/html')
  );
}

/**
 * Serves the built console at `/`: hashed assets cached for a year (immutable), index.html never
 * cached, both compressed (br/gzip), and index.html for every other page the browser asks for so
 * history-mode routes work on reload. Encapsulated: the compression applies to these routes only.
 * Without a build (tests, API-only) it registers nothing.
 */
export async function serveConsole(app: FastifyInstance, options: ServeConsoleOptions = {}) {
  const dist = options.dist ?? CONSOLE_DIST;
  if (!existsSync(join(dist, 'index.html'))) {
    app.log.info(`console not built (${dist}); run \`npm run build -w @atrium/web\` to serve it`);
    return;
  }
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(reply, path) {
      reply.header('cache-control', path.startsWith(join(dist, 'assets')) ? IMMUTABLE : 'no-cache');
    },
  });
  // Everything else the browser navigates to is a console route: the SPA decides (or shows not found).
  app.get('/*', { schema: { hide: true } }, async (req, reply) => {
    if (!wantsConsolePage(req)) return reply.callNotFound();
    return reply.sendFile('index.html');
  });
}
