import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit } from '../src/kernel/db/unit-of-work';
import { startTestApp, type TestApp, type TestCommunity } from './helpers';

/** Side effects of a write are recorded in its transaction and run only after it commits. */
describe('side effects after commit (job outbox)', () => {
  let t: TestApp;
  let a: TestCommunity;
  const ran: { n: number }[] = [];
  let delivered: Promise<void> = Promise.resolve();
  let resolveDelivered = () => {};

  beforeAll(async () => {
    t = await startTestApp();
    a = await t.signup();
    t.app.jobs.handle<{ n: number }>('test.effect', async (data) => {
      ran.push(data);
      resolveDelivered();
    });
  });
  afterAll(() => t.close());

  const expectDelivery = () => {
    delivered = new Promise((resolve) => {
      resolveDelivered = resolve;
    });
  };
  const pending = async () =>
    (await t.app.db.query<{ n: number }>('select count(*)::int as n from job_outbox where tenant_id = $1', [a.tenantId]))[0].n;
  const outboxTo = async (to: string) =>
    (await t.app.db.query<{ id: string }>('select id from outbox where tenant_id = $1 and "to" = $2', [a.tenantId, to])).length;

  it('a job enqueued in a transaction that commits runs, and leaves no outbox row', async () => {
    expectDelivery();
    await t.app.db.withTenant(a.tenantId, (tx) => t.app.jobs.enqueue(tx, a.tenantId, 'test.effect', { n: 1 }));
    await delivered;
    expect(ran).toContainEqual({ n: 1 });
    expect(await pending()).toBe(0);
  });

  it('a transaction that fails after enqueueing mail and a job records neither and runs nothing', async () => {
    const before = ran.length;
    const failed = await t.app.db
      .withTenant(a.tenantId, async (tx) => {
        await t.app.mailer.enqueue(tx, a.tenantId, { to: 'lost@example.com', subject: 'Never', text: 'Never sent' });
        await t.app.jobs.enqueue(tx, a.tenantId, 'test.effect', { n: 2 });
        throw new Error('the write failed');
      })
      .then(
        () => null,
        (err: Error) => err.message,
      );
    expect(failed).toBe('the write failed');
    expect(await outboxTo('lost@example.com')).toBe(0);
    expect(await pending()).toBe(0);
    expect(ran.slice(before)).toEqual([]);
  });

  it('after-commit callbacks run after the commit, in order, and not at all on rollback', async () => {
    const seen: string[] = [];
    await t.app.db.withTenant(a.tenantId, async () => {
      afterCommit(() => {
        seen.push('first');
      });
      afterCommit(() => {
        seen.push('second');
      });
      seen.push('in transaction');
    });
    expect(seen).toEqual(['in transaction', 'first', 'second']);
    await expect(
      t.app.db.withTenant(a.tenantId, async () => {
        afterCommit(() => {
          seen.push('never');
        });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(seen).not.toContain('never');
    expect(() => afterCommit(() => {})).toThrow(/outside a tenant transaction/);
  });

  it('the sweep hands over jobs a crash left after their commit', async () => {
    await t.app.db.query(
      `insert into job_outbox (tenant_id, name, data, created_at) values ($1, 'test.effect', '{"n": 3}', now() - interval '5 minutes')`,
      [a.tenantId],
    );
    expectDelivery();
    expect(await t.app.jobs.sweep()).toBe(1);
    await delivered;
    expect(ran).toContainEqual({ n: 3 });
    expect(await pending()).toBe(0);
  });

  it('an email sent on its own is recorded once in the outbox', async () => {
    const id = await t.app.mailer.send(a.tenantId, { to: 'kept@example.com', subject: 'Hello', text: 'Kept' });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await outboxTo('kept@example.com')).toBe(1);
  });
});
