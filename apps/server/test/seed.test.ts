import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomIp, SEEDED_START_TIMEOUT, startTestApp, type TestApp } from './helpers';

describe('first start on an empty database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ adminPassword: 'demo-owner-password', adminEmail: 'owner@atrium.test' }, { seed: true });
  }, SEEDED_START_TIMEOUT);
  afterAll(() => t?.close());

  const login = (community?: string) =>
    t.request({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'owner@atrium.test', password: 'demo-owner-password', ...(community ? { community } : {}) },
      remoteAddress: randomIp(),
    });

  it('creates the platform community and the demo community owned by ADMIN_EMAIL', async () => {
    const rows = await t.app.db.query<{ name: string }>('select name from communities order by name');
    expect(rows.map((r) => r.name)).toEqual(['-', 'demo']);
    const ambiguous = await login();
    // The owner's password opens both: the answer offers both to choose from.
    expect(ambiguous.statusCode).toBe(409);
    expect(
      ambiguous
        .json()
        .error.choices.map((c: { value: string }) => c.value)
        .sort(),
    ).toEqual(['-', 'demo']);
    expect((await login('demo')).statusCode).toBe(200);
    expect((await login('-')).statusCode).toBe(200);
  });

  it('fills every resource of the demo community that has sample data', async () => {
    const token = (await login('demo')).json().token as string;
    for (const resource of t.app.resources.all()) {
      if (resource.config.examples.length === 0) continue;
      const res = await t.request({ method: 'GET', url: `/api/v1/${resource.path}?limit=1`, as: token });
      expect(res.statusCode, resource.path).toBe(200);
      expect(res.json().total, resource.path).toBeGreaterThanOrEqual(resource.config.examples.length);
    }
  });

  it('does not seed again on the next start', async () => {
    const { seedIfEmpty } = await import('../src/seed');
    await seedIfEmpty(t.app);
    const [{ n }] = await t.app.db.query<{ n: number }>('select count(*)::int as n from communities');
    expect(n).toBe(2);
  });
});
