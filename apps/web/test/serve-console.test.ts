// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../server/src/kernel/errors/error-handler';
import { serveConsole } from '../../server/src/kernel/web/serve-console';

describe('the server serves the built console', () => {
  let app: FastifyInstance;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'atrium-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), `<!doctype html><html><body>${'console '.repeat(300)}</body></html>`);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    await app.register(serveConsole, { dist });
    app.get('/api/v1/thing', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers every page with index.html, never cached', async () => {
    for (const url of ['/', '/login', '/admin-panel/controlcenter/settings/version?x=1', '/admin-panel/not-built-yet']) {
      const res = await app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    const gzip = await app.inject({ url: '/', headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('serves top-level files and console paths, and keeps the JSON 404 for the API and missing files', async () => {
    expect((await app.inject({ url: '/favicon.svg' })).headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ url: '/api/v1/thing' })).json()).toEqual({ ok: true });
    for (const url of ['/api/v1/nope', '/compat/x', '/public/demo/nope', '/assets/gone-123.js']) {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe('route_not_found');
    }
    expect((await app.inject({ url: '/robots.txt' })).statusCode).toBe(404);
    // A console path is the page whatever the client accepts (curl sends */*).
    const page = await app.inject({ url: '/admin-panel/dashboard', headers: { accept: 'application/json' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
