import { describe, expect, it, vi } from 'vitest';
import { communityCacheFor } from '../src/kernel/tenancy/communities';
import { appWith } from './helpers';

const [t, c] = await appWith(1);

/**
 * Public requests name their community; the lookup is remembered in memory, and a change to the
 * community (renamed, suspended, deleted, by any process or by hand) is seen at once through the
 * notification of a trigger on the table.
 */
describe('community lookups', () => {
  const banners = (name: string) => t.request({ method: 'GET', url: `/public/${name}/site/banners` });

  /** Runs a change on the owner connection and waits until this process has applied its notification. */
  async function change(sql: string, params: unknown[]) {
    const cache = communityCacheFor(t.app.db);
    const seen = new Promise<string[]>((resolve) => {
      cache.onChange = (names) => {
        cache.onChange = null;
        resolve(names);
      };
    });
    await t.app.db.query(sql, params);
    return seen;
  }

  it('asks the database once for a community it has seen', async () => {
    expect((await banners(c.name)).statusCode).toBe(200);
    const spy = vi.spyOn(t.app.db, 'query');
    try {
      for (let i = 0; i < 3; i++) expect((await banners(c.name)).statusCode).toBe(200);
      expect(spy.mock.calls.filter(([text]) => String(text).includes('from communities'))).toHaveLength(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('sees a renamed community at once: the old name is gone, the new one answers', async () => {
    const renamed = `${c.name}-new`;
    expect((await banners(c.name)).statusCode).toBe(200);
    expect((await banners(renamed)).statusCode).toBe(404);
    const names = await change('update communities set name = $1 where id = $2', [renamed, c.tenantId]);
    expect(names.sort()).toEqual([c.name, renamed].sort());
    expect((await banners(c.name)).statusCode).toBe(404);
    expect((await banners(renamed)).statusCode).toBe(200);
    await change('update communities set name = $1 where id = $2', [c.name, c.tenantId]);
    expect((await banners(c.name)).statusCode).toBe(200);
  });

  it('sees a suspended community at once, and its return', async () => {
    expect((await banners(c.name)).statusCode).toBe(200);
    await change("update communities set status = 'suspended' where id = $1", [c.tenantId]);
    const gone = await banners(c.name);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('not_found');
    await change("update communities set status = 'active' where id = $1", [c.tenantId]);
    expect((await banners(c.name)).statusCode).toBe(200);
  });

  it('remembers an unknown name, and forgets it when a community takes it', async () => {
    const name = `later${Date.now().toString(36)}`;
    expect((await banners(name)).statusCode).toBe(404);
    const seen = new Promise<string[]>((resolve) => {
      communityCacheFor(t.app.db).onChange = (names) => {
        if (names.includes(name)) resolve(names);
      };
    });
    await t.signup(name);
    await seen;
    communityCacheFor(t.app.db).onChange = null;
    expect((await banners(name)).statusCode).toBe(200);
  });
});
