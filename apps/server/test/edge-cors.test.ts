import { beforeAll, describe, expect, it } from 'vitest';
import { apiOf, appWith, dataOf } from './helpers';

const [t, c, other] = await appWith(2);
const v1 = apiOf(t, c);

/**
 * CORS: a community's website (its brand profile's website and further listed origins) may call
 * that community's public endpoints from a browser; no other origin may, and nothing under /api
 * or /compat ever answers with CORS headers.
 */
describe('CORS on the public endpoints only', () => {
  let profileId: string;

  const SITE = 'https://www.tiles.example';
  const SHOP = 'https://shop.tiles.example';

  beforeAll(async () => {
    profileId = dataOf(
      await v1('POST', 'settings/client-profile', { businessName: 'Tiles', website: `${SITE}/home`, allowedOrigins: [SHOP] }),
      201,
    ).id;
    dataOf(await v1('POST', 'settings/client-profile', { businessName: 'Other', website: 'https://other.example' }, other), 201);
  });

  const getPublic = (origin: string, community = c) =>
    t.request({ method: 'GET', url: `/public/${community.name}/site/products`, headers: { origin } });
  const preflight = (url: string, origin: string, method = 'POST', headers = 'content-type') =>
    t.request({
      method: 'OPTIONS',
      url,
      headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
    });

  it("allows the community's website and its listed origins, and no other", async () => {
    for (const origin of [SITE, SHOP]) {
      const res = await getPublic(origin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers.vary).toMatch(/Origin/);
    }
    for (const origin of ['https://evil.example', 'http://www.tiles.example', 'https://other.example', 'null']) {
      const res = await getPublic(origin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
    // Another community's website is not this one's, and the other way round.
    expect((await getPublic('https://other.example', other)).headers['access-control-allow-origin']).toBe('https://other.example');
    expect((await getPublic(SITE, other)).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers the preflight of a form post from an allowed origin, refuses the rest', async () => {
    const url = `/public/${c.name}/site/get-in-touch`;
    const ok = await preflight(url, SITE);
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(SITE);
    expect(String(ok.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(ok.headers['access-control-allow-headers'])).toContain('content-type');
    expect(ok.headers['access-control-allow-credentials']).toBeUndefined();

    for (const [origin, method, headers] of [
      ['https://evil.example', 'POST', 'content-type'],
      [SITE, 'DELETE', 'content-type'],
      [SITE, 'POST', 'authorization'],
    ]) {
      const refused = await preflight(url, origin, method, headers);
      expect(refused.statusCode, `${origin} ${method} ${headers}`).toBe(403);
      expect(refused.json().error.code).toBe('cors_refused');
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    }
    const unknown = await preflight('/public/no-such-community/site/get-in-touch', SITE);
    expect(unknown.statusCode).toBe(403);

    const post = await t.request({
      method: 'POST',
      url,
      headers: { origin: SITE },
      payload: { name: 'Asha', email: 'asha@example.com', message: 'Samples please' },
    });
    expect(post.statusCode).toBe(202);
    expect(post.headers['access-control-allow-origin']).toBe(SITE);
  });

  it('never answers with CORS headers under /api or /compat', async () => {
    const api = await t.request({ method: 'GET', url: '/api/v1/site/products', as: c, headers: { origin: SITE } });
    expect(api.statusCode).toBe(200);
    expect(api.headers['access-control-allow-origin']).toBeUndefined();
    for (const url of ['/api/v1/site/products', '/api/v1/auth/login', '/compat/content/marcom/admin/login']) {
      const res = await preflight(url, SITE);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
    }
    const health = await t.request({ method: 'GET', url: '/api/health', headers: { origin: SITE } });
    expect(health.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sees a changed website at once', async () => {
    const NEW = 'https://tiles.example';
    const res = await t.request({
      method: 'PATCH',
      url: `/api/v1/settings/client-profile/${profileId}`,
      as: c,
      payload: { website: NEW, allowedOrigins: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await getPublic(NEW)).headers['access-control-allow-origin']).toBe(NEW);
    expect((await getPublic(SITE)).headers['access-control-allow-origin']).toBeUndefined();
    expect((await getPublic(SHOP)).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses an allowed origin that is not an origin', async () => {
    const res = await t.request({
      method: 'PATCH',
      url: `/api/v1/settings/client-profile/${profileId}`,
      as: c,
      payload: { allowedOrigins: ['https://shop.example/path'] },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(['allowedOrigins.0']);
  });
});
