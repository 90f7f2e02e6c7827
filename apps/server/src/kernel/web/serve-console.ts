import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The built console (apps/web/dist), next to this workspace. */
export const CONSOLE_DIST = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

/** Paths the console never answers: the API, the seeds' calls and public website endpoints keep their JSON 404. */
const NOT_CONSOLE = /^\/(api|compat|public)(\/|$)/;
/** A file at the top of the build (favicon.svg, robots.txt…), never a folder or a dotfile. */
const TOP_LEVEL_FILE = /^\/([A-Za-z0-9_-][A-Za-z0-9._-]*\.[A-Za-z0-9]+)$/;

export interface ServeConsoleOptions {
  /** Folder of the built console (default apps/web/dist). */
  dist?: string;
}

/**
 * A GET of a console page: any path outside the API and the public endpoints, whatever `Accept` says
 * (`curl /` gets the page). A top-level name that looks like a file (`/missing.js`) is not a page.
 */
export function wantsConsolePage(req: FastifyRequest): boolean {
  const path = req.url.split('?')[0];
  return (req.method === 'GET' || req.method === 'HEAD') && !NOT_CONSOLE.test(path) && !TOP_LEVEL_FILE.test(path);
}

function isFile(path: string) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves the built console at `/`: hashed assets (/assets/*) cached for a year as immutable,
 * index.html and the other top-level files never cached, all compressed (br/gzip), and index.html
 * for every page the browser asks for so history-mode routes work on reload. Files are looked up
 * per request, so a rebuild is served without a restart (compressed by the app's `compressAnswers`).
 * Without a build (tests, API-only) it registers nothing.
 */
export async function serveConsole(app: FastifyInstance, options: ServeConsoleOptions = {}) {
  const dist = options.dist ?? CONSOLE_DIST;
  if (!existsSync(join(dist, 'index.html'))) {
    app.log.info(`console not built (${dist}); run \`npm run build -w @atrium/web\` to serve it`);
    return;
  }
  await app.register(fastifyStatic, {
    root: join(dist, 'assets'),
    prefix: '/assets/',
    wildcard: true,
    index: false,
    cacheControl: false,
    // Hashed file names never get new bytes. (reply.sendFile of index.html passes here too: not cached.)
    setHeaders(reply, path) {
      if (path.startsWith(join(dist, 'assets'))) reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  // Top-level files of the build, and every page of the console (the SPA routes; it shows not-found itself).
  app.get('/*', { schema: { hide: true } }, async (req, reply) => {
    const path = req.url.split('?')[0];
    const file = TOP_LEVEL_FILE.exec(path)?.[1];
    if (file && file !== 'index.html' && isFile(join(dist, file))) {
      return reply.header('cache-control', 'no-cache').sendFile(file, dist);
    }
    if (path !== '/index.html' && !wantsConsolePage(req)) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html', dist);
  });
}

/**
 * Compresses every answer worth it (br, else gzip; over 1 KB; JSON, text, HTML, CSV, JS — never an
 * event stream, which must reach the client as it is written, nor images, already compressed).
 * Brotli at quality 4: dynamic answers are compressed per request, where 11 costs ten times the CPU.
 */
export async function compressAnswers(app: FastifyInstance) {
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}
