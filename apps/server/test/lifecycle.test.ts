import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emit } from '../src/kernel/events';
import { DELIVER_JOB } from '../src/kernel/events/domain-events';
import { EVENT_RETENTION_DAYS, pruneDomainEvents } from '../src/kernel/events/retention';
import { RUN_JOB } from '../src/kernel/workflows/durable';
import { startTestApp, type TestApp, type TestCommunity, waitFor } from './helpers';
import { withKitModule } from './kit-module';
import { relayControls } from './relay-module';

// The declared lifecycle through a module only the tests register: domain events (emit in the
// write's transaction, subscribers once in effect, failures visible and retryable), durable
// workflows (steps recorded, compensation last-first, idempotency key, resume) and declared jobs
// and schedules. Jobs are off here (handlers run inline after the commit); pg-boss runs them in
// test/lifecycle-kill.test.ts.

let t: TestApp;
let a: TestCommunity;
let b: TestCommunity;

beforeAll(async () => {
  t = await startTestApp({}, withKitModule);
  a = await t.signup();
  b = await t.signup();
});
afterAll(async () => {
  await t?.close();
});

/** How often each effect (kind, key) of the tests' module took effect in community `c`. */
async function effects(c: TestCommunity): Promise<Record<string, number>> {
  const rows = await t.app.db.query<{ kind: string; key: string; times: number }>(
    'select kind, key, times from relay_effects where tenant_id = $1',
    [c.tenantId],
  );
  return Object.fromEntries(rows.map((r) => [`${r.kind} ${r.key}`, r.times]));
}

const get = async (c: TestCommunity, url: string) => {
  const res = await t.request({ method: 'GET', url, as: c });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const post = (c: TestCommunity, url: string, payload: object = {}) => t.request({ method: 'POST', url, as: c, payload });

const deliveries = (c: TestCommunity, query: string) => get(c, `/api/v1/ops/event-deliveries?${query}`);
const run = (c: TestCommunity, id: string) => get(c, `/api/v1/ops/workflow-runs/${id}`);
const runEnded = (c: TestCommunity, id: string, status: string) =>
  waitFor(`run ${id} ${status}`, async () => {
    const r = await run(c, id);
    return r.status === status ? r : undefined;
  });

/** Emits `commerce.order.paid` as commerce does, in a community transaction. */
const orderPaid = (c: TestCommunity, orderId: string, reference: string) =>
  t.app.db.withTenant(c.tenantId, (tx) =>
    emit(tx, 'commerce.order.paid', { orderId, reference, total: 1000, currency: 'EUR', source: 'payment' }),
  );

describe('domain events', () => {
  it("records the event in the write's transaction and runs each subscriber once after the commit", async () => {
    const res = await post(a, '/api/v1/relay/notes', { noteId: 'n1', text: 'hello' });
    expect(res.statusCode, res.body).toBe(200);
    const [delivery] = await waitFor('the delivery done', async () => {
      const rows = await deliveries(a, 'eventName=relay.note.created&status=done');
      return rows.length === 1 ? rows : undefined;
    });
    expect(delivery).toMatchObject({ subscriber: 'kit-test', attempts: 1, lastError: null });
    expect(await effects(a)).toEqual({ 'noted n1': 1 });
    // The other community sees neither the event's delivery nor its effect.
    expect(await deliveries(b, 'eventName=relay.note.created')).toEqual([]);
    expect(await effects(b)).toEqual({});
  });

  it('never delivers an event whose write rolled back', async () => {
    await expect(
      t.app.db.withTenant(a.tenantId, async (tx) => {
        await emit(tx, 'relay.note.created', { noteId: 'rolled-back', text: 'x' });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await new Promise((r) => setTimeout(r, 300));
    const [{ n }] = await t.app.db.query<{ n: number }>(
      "select count(*)::int as n from domain_events where tenant_id = $1 and payload->>'noteId' = 'rolled-back'",
      [a.tenantId],
    );
    expect(n).toBe(0);
    expect((await effects(a))['noted rolled-back']).toBeUndefined();
  });

  it("subscribes to another module's event; a delivery run again changes nothing (exactly once in effect)", async () => {
    const orderId = crypto.randomUUID();
    await orderPaid(a, orderId, 'A-100');
    const [delivery] = await waitFor('the paid delivery done', async () => {
      const rows = await deliveries(a, 'eventName=commerce.order.paid&status=done');
      return rows.length === 1 ? rows : undefined;
    });
    // The same job again (pg-boss's at-least-once), twice at once: the delivery's lock lets one in, it finds it done.
    await Promise.all([
      t.app.jobs.send(DELIVER_JOB, { tenantId: a.tenantId, deliveryId: delivery.id }),
      t.app.jobs.send(DELIVER_JOB, { tenantId: a.tenantId, deliveryId: delivery.id }),
    ]);
    await new Promise((r) => setTimeout(r, 500));
    expect((await effects(a))[`paid ${orderId}`]).toBe(1);
    expect((await get(a, `/api/v1/ops/event-deliveries/${delivery.id}`)).attempts).toBe(1);
  });

  it('keeps a failing delivery with its error; the console re-runs it once it can succeed', async () => {
    relayControls.failPaid = true;
    const orderId = crypto.randomUUID();
    try {
      await orderPaid(a, orderId, 'A-200');
      const [failed] = await waitFor('the delivery failed', async () => {
        const rows = await deliveries(a, 'eventName=commerce.order.paid&status=failed');
        return rows.length === 1 ? rows : undefined;
      });
      expect(failed.lastError).toBe('relay cannot take order A-200 yet');
      expect(failed.attempts).toBe(1);
      expect((await effects(a))[`paid ${orderId}`]).toBeUndefined();
      // Another community cannot retry it: it is not theirs.
      expect((await post(b, `/api/v1/ops/event-deliveries/${failed.id}/retry`)).statusCode).toBe(404);
      relayControls.failPaid = false;
      const retried = await post(a, `/api/v1/ops/event-deliveries/${failed.id}/retry`);
      expect(retried.statusCode, retried.body).toBe(200);
      const done = await waitFor('the retried delivery done', async () => {
        const d = await get(a, `/api/v1/ops/event-deliveries/${failed.id}`);
        return d.status === 'done' ? d : undefined;
      });
      expect(done).toMatchObject({ attempts: 2, lastError: null });
      expect((await effects(a))[`paid ${orderId}`]).toBe(1);
      // A done delivery is not retried again.
      const again = await post(a, `/api/v1/ops/event-deliveries/${failed.id}/retry`);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('not_retryable');
    } finally {
      relayControls.failPaid = false;
    }
  });
});

describe('event retention', () => {
  it('removes delivered events past their retention with their deliveries; keeps failed and recent ones', async () => {
    const c = await t.signup();
    const delivered = (noteId: string) =>
      waitFor(`note ${noteId} delivered`, async () => {
        const rows = await deliveries(c, 'eventName=relay.note.created&status=done');
        return rows.length === (noteId === 'kept' ? 2 : 1) ? rows : undefined;
      });
    expect((await post(c, '/api/v1/relay/notes', { noteId: 'old', text: 'a month ago' })).statusCode).toBe(200);
    await delivered('old');
    relayControls.failPaid = true;
    try {
      await orderPaid(c, crypto.randomUUID(), 'C-1');
      await waitFor('the paid delivery failed', async () => {
        const rows = await deliveries(c, 'eventName=commerce.order.paid&status=failed');
        return rows.length === 1 ? rows : undefined;
      });
    } finally {
      relayControls.failPaid = false;
    }
    expect((await post(c, '/api/v1/relay/notes', { noteId: 'kept', text: 'today' })).statusCode).toBe(200);
    await delivered('kept');
    // The first note's event and the failed one are made older than the retention.
    await t.app.db.query(
      `update domain_events set created_at = now() - make_interval(days => $2)
        where tenant_id = $1 and (payload->>'noteId' = 'old' or name = 'commerce.order.paid')`,
      [c.tenantId, EVENT_RETENTION_DAYS + 1],
    );

    expect(await pruneDomainEvents(t.app)).toBe(1);
    const events = await t.app.db.query<{ name: string; note: string | null }>(
      "select name, payload->>'noteId' as note from domain_events where tenant_id = $1 order by name, note",
      [c.tenantId],
    );
    expect(events).toEqual([
      { name: 'commerce.order.paid', note: null },
      { name: 'relay.note.created', note: 'kept' },
    ]);
    // The removed event's delivery went with it; the failed one stays retryable.
    expect(await deliveries(c, 'eventName=relay.note.created')).toHaveLength(1);
    expect(await deliveries(c, 'eventName=commerce.order.paid&status=failed')).toHaveLength(1);
    expect(await pruneDomainEvents(t.app)).toBe(0);
  });
});

describe('durable workflows', () => {
  it("runs each step once in order, handing each step's output to the next, and stores every step", async () => {
    const res = await post(a, '/api/v1/relay/runs', { key: 'order-1', orderRef: 'O1', amount: 500 });
    expect(res.statusCode, res.body).toBe(200);
    const { id, created } = res.json().data;
    expect(created).toBe(true);
    const done = await runEnded(a, id, 'completed');
    expect(done.output).toEqual({ orderRef: 'O1', reservation: 'R-O1', chargeId: `${id}:charge`, confirmed: true });
    const steps = await get(a, `/api/v1/ops/workflow-runs/${id}/steps`);
    expect(steps.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
      ['reserve', 'done'],
      ['charge', 'done'],
      ['confirm', 'done'],
    ]);
    expect(await effects(a)).toMatchObject({ 'step:reserve O1': 1, [`charge ${id}:charge`]: 1, 'step:confirm O1': 1 });
  });

  it('returns the same run for the same idempotency key, and runs it once', async () => {
    const first = (await post(a, '/api/v1/relay/runs', { key: 'order-2', orderRef: 'O2', amount: 1 })).json().data;
    const second = (await post(a, '/api/v1/relay/runs', { key: 'order-2', orderRef: 'O2', amount: 1 })).json().data;
    expect(second).toEqual({ id: first.id, created: false });
    await runEnded(a, first.id, 'completed');
    // The same key in another community is another run.
    const other = (await post(b, '/api/v1/relay/runs', { key: 'order-2', orderRef: 'O2', amount: 1 })).json().data;
    expect(other.created).toBe(true);
    expect(other.id).not.toBe(first.id);
    await runEnded(b, other.id, 'completed');
    expect((await effects(a))['step:reserve O2']).toBe(1);
    expect((await effects(b))['step:reserve O2']).toBe(1);
  });

  it('compensates the finished steps last-first with what each handed on when a step fails', async () => {
    const { id } = (await post(a, '/api/v1/relay/runs', { orderRef: 'O3', amount: 7, failAt: 'confirm' })).json().data;
    const ended = await runEnded(a, id, 'compensated');
    expect(ended).toMatchObject({ failedStep: 'confirm', error: 'confirm refused O3' });
    const fx = await effects(a);
    expect(fx).toMatchObject({ 'step:reserve O3': 1, [`charge ${id}:charge`]: 1, [`undo:charge ${id}:charge`]: 1, 'undo:reserve R-O3': 1 });
    expect(fx['step:confirm O3']).toBeUndefined();
    const steps = await get(a, `/api/v1/ops/workflow-runs/${id}/steps`);
    expect(steps.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
      ['reserve', 'compensated'],
      ['charge', 'compensated'],
    ]);
    // Last first: the charge was undone before the reservation.
    const order = await t.app.db.query<{ kind: string }>(
      "select kind from relay_effects where tenant_id = $1 and kind like 'undo:%' and (key = $2 or key = 'R-O3') order by xmin::text::bigint",
      [a.tenantId, `${id}:charge`],
    );
    expect(order.map((r) => r.kind)).toEqual(['undo:charge', 'undo:reserve']);
  });

  it('a failing compensation leaves the run failed with both errors; retry finishes the compensation', async () => {
    const { id } = (
      await post(a, '/api/v1/relay/runs', { orderRef: 'O4', amount: 7, failAt: 'charge', failCompensationOf: 'reserve' })
    ).json().data;
    const failed = await runEnded(a, id, 'failed');
    expect(failed.failedStep).toBe('charge');
    expect(failed.error).toBe('charge refused O4\nCompensating step reserve failed: the shelf is locked');
    expect((await effects(a))['undo:reserve R-O4']).toBeUndefined();
    // Retrying is refused while the cause is still there? The compensation reads its stored input,
    // so the run's record is fixed where a person would fix the cause: here, the stored output.
    await t.app.db.query(
      "update workflow_steps set output = output - 'failCompensationOf' where tenant_id = $1 and run_id = $2 and name = 'reserve'",
      [a.tenantId, id],
    );
    const retried = await post(a, `/api/v1/ops/workflow-runs/${id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    await runEnded(a, id, 'compensated');
    expect((await effects(a))['undo:reserve R-O4']).toBe(1);
    expect((await post(a, `/api/v1/ops/workflow-runs/${id}/retry`)).statusCode).toBe(409);
    expect((await post(b, `/api/v1/ops/workflow-runs/${id}/retry`)).statusCode).toBe(404);
  });

  it('resumes a run at its first unfinished step and never repeats a finished one', async () => {
    // A run whose process stopped after its first step: the step is recorded, the run still running.
    const { id } = (await post(a, '/api/v1/relay/runs', { key: 'order-5', orderRef: 'O5', amount: 3 })).json().data;
    await runEnded(a, id, 'completed');
    await t.app.db.query("delete from workflow_steps where tenant_id = $1 and run_id = $2 and name <> 'reserve'", [a.tenantId, id]);
    await t.app.db.query("update workflow_runs set status = 'running', output = null where tenant_id = $1 and id = $2", [a.tenantId, id]);
    // Driven twice at once (the resume sweep and a retried job): the run's lock lets each step in once.
    await Promise.all([
      t.app.jobs.send(RUN_JOB, { tenantId: a.tenantId, runId: id }),
      t.app.jobs.send(RUN_JOB, { tenantId: a.tenantId, runId: id }),
    ]);
    await runEnded(a, id, 'completed');
    const fx = await effects(a);
    expect(fx['step:reserve O5']).toBe(1);
    // The steps after it ran once more (the deleted records said they had not), the charge with the
    // same idempotency key (an external step may be called again; the gateway keeps one charge per key).
    expect(fx['step:confirm O5']).toBe(2);
    expect(Object.keys(fx).filter((k) => k.startsWith(`charge ${id}`))).toEqual([`charge ${id}:charge`]);
  });
});

describe('declared lifecycle', () => {
  it("lists every module's jobs with their schedules, subscribers and workflows", async () => {
    const modules = await get(a, '/api/v1/ops/lifecycle');
    const byKey = Object.fromEntries(modules.map((m: { module: string }) => [m.module, m]));
    expect(byKey['kit-test']).toEqual({
      module: 'kit-test',
      label: 'Kit test',
      jobs: [{ name: 'relay.tick', cron: '*/5 * * * *' }],
      subscribers: ['commerce.order.paid', 'relay.note.created'],
      workflows: [{ name: 'relay.fulfil', steps: ['reserve', 'charge', 'confirm'] }],
    });
    expect(byKey.commerce.jobs).toEqual([{ name: 'commerce.expire-unpaid', cron: '* * * * *' }]);
    expect(byKey.kernel.jobs).toEqual([{ name: 'events.prune', cron: '17 3 * * *' }]);
    expect(byKey.payments.jobs).toEqual([{ name: 'payments.reconcile', cron: '*/10 * * * *' }]);
    expect(byKey.lists.jobs.map((j: { name: string }) => j.name)).toEqual(['csv-import', 'csv-import-sweep']);
  });

  it('refuses the lifecycle to a signed-out caller', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/ops/lifecycle' })).statusCode).toBe(401);
  });
});

describe('through pg-boss (jobs on)', () => {
  let q: TestApp;
  let c: TestCommunity;
  beforeAll(async () => {
    q = await startTestApp({ jobs: true }, withKitModule);
    c = await q.signup();
  });
  afterAll(async () => {
    relayControls.failPaid = false;
    await q?.close();
  });

  it('retries a failing delivery with backoff until it succeeds, then applies it once', async () => {
    relayControls.failPaid = true;
    const orderId = crypto.randomUUID();
    await q.app.db.withTenant(c.tenantId, (tx) =>
      emit(tx, 'commerce.order.paid', { orderId, reference: 'Q-1', total: 1, currency: 'EUR', source: 'payment' }),
    );
    const delivery = (id?: string) =>
      q.app.db
        .query<{ id: string; status: string; attempts: number; last_error: string | null }>(
          "select id, status, attempts, last_error from event_deliveries where tenant_id = $1 and event_name = 'commerce.order.paid'",
          [c.tenantId],
        )
        .then((rows) => rows.find((r) => !id || r.id === id));
    const failed = await waitFor('the first attempt failed', async () => {
      const d = await delivery();
      return d?.status === 'failed' ? d : undefined;
    });
    expect(failed).toMatchObject({ attempts: 1, last_error: 'relay cannot take order Q-1 yet' });
    relayControls.failPaid = false;
    // pg-boss's retry (5 s, backing off) runs it again without anyone asking.
    const done = await waitFor(
      'the retry done',
      async () => {
        const d = await delivery(failed.id);
        return d?.status === 'done' ? d : undefined;
      },
      45_000,
    );
    expect(done).toMatchObject({ attempts: 2, last_error: null });
    const [{ times }] = await q.app.db.query<{ times: number }>(
      "select times from relay_effects where tenant_id = $1 and kind = 'paid' and key = $2",
      [c.tenantId, orderId],
    );
    expect(times).toBe(1);
  }, 60_000);

  it('drives a workflow run through the queue to its end', async () => {
    const res = await q.request({
      method: 'POST',
      url: '/api/v1/relay/runs',
      as: c,
      payload: { key: 'queued-1', orderRef: 'Q1', amount: 2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json().data;
    const run = await waitFor(
      'the queued run completed',
      async () => {
        const r = (await q.request({ method: 'GET', url: `/api/v1/ops/workflow-runs/${id}`, as: c })).json().data;
        return r.status === 'completed' ? r : undefined;
      },
      30_000,
    );
    expect(run.output).toMatchObject({ orderRef: 'Q1', confirmed: true });
  }, 40_000);
});
