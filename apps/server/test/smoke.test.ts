import { describe, expect, it } from 'vitest';
import { appWith } from './helpers';

const [t] = await appWith(0);

describe('smoke', () => {
  it('answers health with the engine', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('signs up and lists roles', async () => {
    const c = await t.signup();
    const res = await t.request({ method: 'GET', url: '/api/v1/identity/roles', as: c });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.map((r: { name: string }) => r.name)
        .sort(),
    ).toEqual(['Editor', 'Viewer']);
  });
});
