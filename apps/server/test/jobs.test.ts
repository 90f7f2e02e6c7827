import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoss, createJobs, type Jobs } from '../src/kernel/jobs/jobs';
import { appWith, startTestApp, type TestApp, waitFor } from './helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('jobs (pg-boss on the app database)', () => {
  let t: TestApp;
  const extra: Jobs[] = [];
  beforeAll(async () => {
    t = await startTestApp({ jobs: true });
  });
  afterAll(async () => {
    for (const jobs of extra) await jobs.stop();
    await t?.close();
  });

  /** A second Jobs instance on the same database, with handlers registered before start (as buildApp does). */
  function jobsOnAppDb(errors: unknown[] = []) {
    const jobs = createJobs(t.app.db, { enabled: true, onError: (err) => errors.push(err) });
    extra.push(jobs);
    return jobs;
  }

  const jobRows = (name: string) =>
    t.app.db.query<{ state: string; data: Record<string, unknown>; output: { message?: string } | null }>(
      'select state, data, output from pgboss.job where name = $1 order by created_on',
      [name],
    );

  it('starts pg-boss in its own schema with a queue per registered handler', async () => {
    expect(t.app.jobs.running).toBe(true);
    const [schema] = await t.app.db.query<{ n: number }>(
      "select count(*)::int as n from information_schema.schemata where schema_name = 'pgboss'",
    );
    expect(schema.n).toBe(1);
    const queues = await t.app.db.query<{ name: string }>('select name from pgboss.queue order by name');
    expect(queues.map((q) => q.name)).toContain('email.deliver');
    // pg-boss tables are not tenant tables: the migrator's row-level security leaves them alone.
    const [rls] = await t.app.db.query<{ n: number }>(
      "select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'pgboss' and c.relrowsecurity",
    );
    expect(rls.n).toBe(0);
  });

  it('runs every job sent with its data, in the background', async () => {
    const jobs = jobsOnAppDb();
    const seen: number[] = [];
    jobs.handle<{ n: number }>('test.echo', async ({ n }) => {
      seen.push(n);
    });
    await jobs.start();
    expect(jobs.running).toBe(true);
    for (let n = 1; n <= 5; n++) await jobs.send('test.echo', { n });
    await waitFor('five jobs', () => (seen.length === 5 ? true : undefined));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5]);
    await waitFor('the jobs to be completed', async () => {
      const rows = await jobRows('test.echo');
      return rows.length === 5 && rows.every((r) => r.state === 'completed') ? rows : undefined;
    });
  });

  it('reports a failing handler and leaves the job to be retried', async () => {
    const errors: unknown[] = [];
    const jobs = jobsOnAppDb(errors);
    jobs.handle<{ why: string }>('test.fails', async ({ why }) => {
      throw new Error(`handler failed: ${why}`);
    });
    await jobs.start();
    await jobs.send('test.fails', { why: 'on purpose' });
    const [row] = await waitFor('the job to go to retry', async () => {
      const rows = await jobRows('test.fails');
      return rows[0]?.state === 'retry' ? rows : undefined;
    });
    expect(row.output?.message).toBe('handler failed: on purpose');
    expect(row.data).toEqual({ why: 'on purpose' });
    expect(errors.map((e) => (e as Error).message)).toContain('handler failed: on purpose');
  });

  it('refuses a job nobody handles', async () => {
    await expect(t.app.jobs.send('no.such.job', {})).rejects.toThrow(/No job handler named no.such.job/);
  });

  it('lets a running handler finish when stopped', async () => {
    const jobs = jobsOnAppDb();
    let finished = false;
    let started = false;
    jobs.handle('test.slow', async () => {
      started = true;
      await sleep(700);
      finished = true;
    });
    await jobs.start();
    await jobs.send('test.slow', {});
    await waitFor('the handler to start', () => (started ? true : undefined));
    await jobs.stop();
    expect(finished).toBe(true);
    expect(jobs.running).toBe(false);
    const [row] = await jobRows('test.slow');
    expect(row.state).toBe('completed');
  });
});

describe('jobs off', async () => {
  const [t] = await appWith(0, { jobs: false });

  it('does not start pg-boss', async () => {
    expect(t.app.jobs.running).toBe(false);
    const [schema] = await t.app.db.query<{ n: number }>(
      "select count(*)::int as n from information_schema.schemata where schema_name = 'pgboss'",
    );
    expect(schema.n).toBe(0);
  });

  it('runs the handler inline without making the caller wait, and reports its failure', async () => {
    const errors: unknown[] = [];
    const jobs = createJobs(t.app.db, { enabled: false, onError: (err) => errors.push(err) });
    const seen: string[] = [];
    jobs.handle<{ s: string }>('test.inline', async ({ s }) => {
      await sleep(50);
      seen.push(s);
    });
    jobs.handle('test.inline-fails', async () => {
      throw new Error('inline failure');
    });
    await jobs.start();
    expect(jobs.running).toBe(false);
    await jobs.send('test.inline', { s: 'a' });
    expect(seen).toEqual([]); // not awaited by send
    await waitFor('the inline job', () => (seen.length === 1 ? true : undefined));
    expect(seen).toEqual(['a']);
    await jobs.send('test.inline-fails', {});
    await waitFor('the failure to be reported', () => (errors.length === 1 ? true : undefined));
    expect((errors[0] as Error).message).toBe('inline failure');
    await jobs.stop();
  });
});

describe('pg-boss maintenance on the app database', async () => {
  const [t] = await appWith(0, { jobs: false });

  it('runs a maintenance pass without error and deletes jobs past their retention', async () => {
    const errors: unknown[] = [];
    // The background supervisor is off so the pass below is the only one, run when the test says.
    const boss = createBoss(t.app.db, { supervise: false });
    boss.on('error', (err) => errors.push(err));
    await boss.start();
    try {
      await boss.createQueue('test.maintained', { deleteAfterSeconds: 60, retentionSeconds: 60 });
      const doneId = await boss.send('test.maintained', { n: 1 });
      const [fetched] = await boss.fetch('test.maintained');
      expect(fetched.id).toBe(doneId);
      await boss.complete('test.maintained', fetched.id);
      const staleId = await boss.send('test.maintained', { n: 2 });
      const freshId = await boss.send('test.maintained', { n: 3 });
      // Age two of them past their queue's limits: one completed an hour ago, one never picked up in time.
      await t.app.db.query("update pgboss.job set completed_on = now() - interval '1 hour' where id = $1", [doneId]);
      await t.app.db.query("update pgboss.job set keep_until = now() - interval '1 minute' where id = $1", [staleId]);

      await boss.supervise('test.maintained');

      const left = await t.app.db.query<{ id: string }>("select id from pgboss.job where name = 'test.maintained'");
      expect(left.map((r) => r.id)).toEqual([freshId]);
      expect(errors).toEqual([]);
    } finally {
      await boss.stop({ graceful: false, close: false });
    }
  });
});
