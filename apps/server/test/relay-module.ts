import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../src/kernel/db/database';
import { emit } from '../src/kernel/events';
import type { AppModule } from '../src/kernel/module';
import { defineWorkflow, externalStep, startWorkflow, step } from '../src/kernel/workflows';

/**
 * The lifecycle half of the tests' one module (kit-module.ts declares it, with this): it emits an
 * event, subscribes to another module's, runs a durable workflow and declares a scheduled job,
 * through the module contract alone. Every effect it has is a row of `relay_effects` (kind, key), so
 * a test counts how often each step, compensation, charge and subscriber took effect.
 */

declare module '../src/kernel/events' {
  interface DomainEvents {
    'relay.note.created': { noteId: string; text: string };
  }
}

/** Switches the tests flip (one process): failing subscribers, and the kill test's blocking points. */
export const relayControls = {
  /** Deliveries of `commerce.order.paid` fail while this is set. */
  failPaid: false,
  /** A step (or `subscriber`) that waits for ever, holding its transaction: the kill test kills the process there. */
  blockAt: process.env.RELAY_BLOCK_AT ?? '',
};

export interface FulfilInput {
  orderRef: string;
  amount: number;
  /** The step that throws (a failure path). */
  failAt?: string;
  /** The compensation that throws too. */
  failCompensationOf?: string;
}

async function effect(tx: Db, kind: string, key: string) {
  await tx.execute(sql`insert into relay_effects (tenant_id, kind, key) values (current_setting('app.tenant_id')::uuid, ${kind}, ${key})
    on conflict (tenant_id, kind, key) do update set times = relay_effects.times + 1`);
}

/** Holds the step's transaction open until the process is killed (the kill test's "between"). */
async function maybeBlock(at: string) {
  if (relayControls.blockAt !== at) return;
  console.log(JSON.stringify({ relay: 'blocked', at }));
  await new Promise(() => {});
}

function failIf(input: FulfilInput, at: string) {
  if (input.failAt === at) throw new Error(`${at} refused ${input.orderRef}`);
}

type Reserved = FulfilInput & { reservation: string };
type Charged = Reserved & { chargeId: string };

export const fulfilWorkflow = defineWorkflow('relay.fulfil', [
  step(
    'reserve',
    async (input: FulfilInput, { tx }) => {
      failIf(input, 'reserve');
      await effect(tx, 'step:reserve', input.orderRef);
      return { ...input, reservation: `R-${input.orderRef}` };
    },
    async (output, _input, { tx }) => {
      if (output.failCompensationOf === 'reserve') throw new Error('the shelf is locked');
      await effect(tx, 'undo:reserve', output.reservation);
    },
  ),
  // One call out with the step's idempotency key: the fake gateway records a charge once per key.
  externalStep(
    'charge',
    async (input: Reserved, { app, tenantId, idempotencyKey }) => {
      failIf(input, 'charge');
      await app.db.withTenant(tenantId, (tx) => effect(tx, 'charge', idempotencyKey));
      return { ...input, chargeId: idempotencyKey };
    },
    async (output, _input, { app, tenantId }) => {
      await app.db.withTenant(tenantId, (tx) => effect(tx, 'undo:charge', output.chargeId));
    },
  ),
  step('confirm', async (input: Charged, { tx }) => {
    await maybeBlock('confirm');
    failIf(input, 'confirm');
    await effect(tx, 'step:confirm', input.orderRef);
    return { orderRef: input.orderRef, reservation: input.reservation, chargeId: input.chargeId, confirmed: true as const };
  }),
]);

export const RELAY_TICK = 'relay.tick';

/** What the test module declares for its lifecycle (see kit-module.ts). */
export const relayDeclarations = {
  workflows: [fulfilWorkflow],
  jobs: {
    [RELAY_TICK]: async (_data, app) => {
      await app.db.query('select 1');
    },
  },
  schedules: { [RELAY_TICK]: '*/5 * * * *' },
  subscribers: {
    'commerce.order.paid': async (event, { tx }) => {
      if (relayControls.failPaid) throw new Error(`relay cannot take order ${event.payload.reference} yet`);
      await effect(tx, 'paid', event.payload.orderId);
    },
    'relay.note.created': async (event, { tx }) => {
      await maybeBlock('subscriber');
      await effect(tx, 'noted', event.payload.noteId);
    },
  },
  // Its own effects table (a test module has no migration): made once, writable by the app role.
  async onStart(app) {
    await app.db.query(`create table if not exists relay_effects (
      tenant_id uuid not null, kind text not null, key text not null, times int not null default 1,
      primary key (tenant_id, kind, key))`);
    await app.db.query('grant select, insert, update on relay_effects to atrium_app');
  },
  routes(app) {
    app.post(
      '/api/v1/relay/notes',
      { config: { access: 'authenticated' }, schema: { hide: true, body: z.object({ noteId: z.string(), text: z.string() }) } },
      async (req) => {
        const body = req.body as { noteId: string; text: string };
        const id = await app.db.withTenant(req.auth!.tenantId, (tx) => emit(tx, 'relay.note.created', body));
        return { data: { eventId: id } };
      },
    );
    app.post(
      '/api/v1/relay/runs',
      {
        config: { access: 'authenticated' },
        schema: {
          hide: true,
          body: z.object({
            key: z.string().optional(),
            orderRef: z.string(),
            amount: z.number(),
            failAt: z.string().optional(),
            failCompensationOf: z.string().optional(),
          }),
        },
      },
      async (req) => {
        const { key, ...input } = req.body as FulfilInput & { key?: string };
        return { data: await app.db.withTenant(req.auth!.tenantId, (tx) => startWorkflow(tx, fulfilWorkflow, input, { key })) };
      },
    );
  },
} satisfies Pick<AppModule, 'workflows' | 'jobs' | 'schedules' | 'subscribers' | 'onStart' | 'routes'>;
