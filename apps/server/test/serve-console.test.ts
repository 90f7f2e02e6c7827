import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../src/kernel/errors/error-handler';
import { compressAnswers, serveConsole } from '../src/kernel/web/serve-console';

/**
 * For a describe: an app serving a built console made of `files` (path in dist → content) from a temporary
 * folder, with the JSON error answers and one API route (/api/v1/thing); `served.app` in the tests.
 */
function servedConsole(files: Record<string, string>) {
  const served = {} as { app: FastifyInstance };
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'atrium-console-'));
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(join(dist, dirname(path)), { recursive: true });
      writeFileSync(join(dist, path), content);
    }
    served.app = Fastify({ logger: false });
    registerErrorHandling(served.app);
    await compressAnswers(served.app);
    await served.app.register(serveConsole, { dist });
    served.app.get('/api/v1/thing', async () => ({ ok: true }));
    await served.app.ready();
  });
  afterAll(async () => {
    await served.app?.close();
    rmSync(dist, { recursive: true, force: true });
  });
  return served;
}

describe('the console is served for every GET of a console path', () => {
  const served = servedConsole({
    'index.html': '<!doctype html><title>Atrium</title>',
    'assets/app-abc123.js': 'console.log(1)',
    'robots.txt': 'User-agent: *',
  });

  it.each(['/', '/login', '/site/products/123'])('GET %s without Accept answers the page', async (url) => {
    const res = await served.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<title>Atrium</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable and top-level files uncached', async () => {
    const asset = await served.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const robots = await served.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toBe('User-agent: *');
  });

  it.each(['/api/v1/nope', '/compat/nope', '/public/nope', '/missing.js'])('GET %s is a 404, not the page', async (url) => {
    const res = await served.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<title>Atrium</title>');
  });

  it('does not answer other methods with the page', async () => {
    const res = await served.app.inject({ method: 'POST', url: '/login' });
    expect(res.statusCode).toBe(404);
  });
});

describe('the server serves the built console', () => {
  const served = servedConsole({
    'index.html': `<!doctype html><html><body>${'console '.repeat(300)}</body></html>`,
    'assets/index-abc123.js': `console.log(${JSON.stringify('x'.repeat(5000))});`,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  });

  it('answers every page with index.html, never cached', async () => {
    for (const url of ['/', '/login', '/admin-panel/controlcenter/settings/version?x=1', '/admin-panel/not-built-yet']) {
      const res = await served.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await served.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    const gzip = await served.app.inject({ url: '/', headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('serves top-level files and console paths, and keeps the JSON 404 for the API and missing files', async () => {
    expect((await served.app.inject({ url: '/favicon.svg' })).headers['cache-control']).toBe('no-cache');
    expect((await served.app.inject({ url: '/api/v1/thing' })).json()).toEqual({ ok: true });
    for (const url of ['/api/v1/nope', '/compat/x', '/public/demo/nope', '/assets/gone-123.js']) {
      const res = await served.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe('route_not_found');
    }
    expect((await served.app.inject({ url: '/robots.txt' })).statusCode).toBe(404);
    // A console path is the page whatever the client accepts (curl sends */*).
    const page = await served.app.inject({ url: '/admin-panel/dashboard', headers: { accept: 'application/json' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
