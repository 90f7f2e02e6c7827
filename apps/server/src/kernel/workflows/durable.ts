import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../db/database';
import { boundToDatabase } from '../db/per-database';
import { unitOfWorkOwner } from '../db/unit-of-work';
import { errors } from '../errors/app-error';
import type { AppModule } from '../module';
import { workflowRuns, workflowSteps } from './tables';

/** Where a step runs: the community's transaction, which also records the step as done. */
export interface StepContext {
  tx: Db;
  tenantId: string;
  runId: string;
  /** `<run id>:<step name>`: the same for every attempt of this step of this run. */
  idempotencyKey: string;
  app: FastifyInstance;
}

/** An external step runs outside any transaction: one call, given the step's idempotency key. */
export type ExternalStepContext = Omit<StepContext, 'tx'>;

export interface Step<I, O> {
  name: string;
  external: boolean;
  run(input: I, ctx: StepContext | ExternalStepContext): Promise<O>;
  /** Undoes the step, given what it handed on (its output) and what it was given. */
  compensate?(output: O, input: I, ctx: StepContext | ExternalStepContext): Promise<void>;
}

/**
 * A step that writes the database: `run` gets the previous step's output (the first step, the
 * run's input) and the transaction that also records it; what it returns (JSON) is stored, handed
 * to the next step and, if a later step fails, to `compensate` (in a transaction of its own).
 */
export function step<I, O>(
  name: string,
  run: (input: I, ctx: StepContext) => Promise<O>,
  compensate?: (output: O, input: I, ctx: StepContext) => Promise<void>,
): Step<I, O> {
  return { name, external: false, run: run as Step<I, O>['run'], compensate: compensate as Step<I, O>['compensate'] };
}

/**
 * A step that is one call out (a gateway, a provider): it runs outside any transaction with
 * `ctx.idempotencyKey`, which the call must pass on, so a run resumed after a crash between the
 * call and its record repeats the call without repeating its effect.
 */
export function externalStep<I, O>(
  name: string,
  run: (input: I, ctx: ExternalStepContext) => Promise<O>,
  compensate?: (output: O, input: I, ctx: ExternalStepContext) => Promise<void>,
): Step<I, O> {
  return { name, external: true, run, compensate: compensate as Step<I, O>['compensate'] };
}

export interface DurableWorkflow<I, O> {
  name: string;
  steps: Step<any, any>[];
  /** Types only: what the run is given and what its last step returns. */
  readonly _types?: { input: I; output: O };
}

/**
 * A durable workflow: named steps, each one's output typed and handed to the next. Each step is
 * recorded when it commits; a run resumes after a crash at its first unfinished step and never
 * repeats a finished one; when a step fails, the finished ones are compensated last-first.
 * A module declares its workflows (`defineModule({ workflows })`) and starts runs with `startWorkflow`.
 */
export function defineWorkflow<I, A>(name: string, steps: [Step<I, A>]): DurableWorkflow<I, A>;
export function defineWorkflow<I, A, B>(name: string, steps: [Step<I, A>, Step<A, B>]): DurableWorkflow<I, B>;
export function defineWorkflow<I, A, B, C>(name: string, steps: [Step<I, A>, Step<A, B>, Step<B, C>]): DurableWorkflow<I, C>;
export function defineWorkflow<I, A, B, C, D>(name: string, steps: [Step<I, A>, Step<A, B>, Step<B, C>, Step<C, D>]): DurableWorkflow<I, D>;
export function defineWorkflow<I, A, B, C, D, E>(
  name: string,
  steps: [Step<I, A>, Step<A, B>, Step<B, C>, Step<C, D>, Step<D, E>],
): DurableWorkflow<I, E>;
export function defineWorkflow<I, A, B, C, D, E, F>(
  name: string,
  steps: [Step<I, A>, Step<A, B>, Step<B, C>, Step<C, D>, Step<D, E>, Step<E, F>],
): DurableWorkflow<I, F>;
export function defineWorkflow(name: string, steps: Step<any, any>[]): DurableWorkflow<unknown, unknown> {
  const names = steps.map((s) => s.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new Error(`Workflow ${name} names step ${twice} twice`);
  if (steps.length === 0) throw new Error(`Workflow ${name} has no steps`);
  return { name, steps };
}

export const RUN_JOB = 'workflows.run';
/** Unfinished runs untouched this long are resumed by the sweep (their process died). */
const RESUME_AFTER_SECONDS = 60;

interface RunJob {
  tenantId: string;
  runId: string;
}

interface Engine {
  app: FastifyInstance;
  workflows: Map<string, DurableWorkflow<unknown, unknown>>;
}

const engines = boundToDatabase<Engine>('workflow engine');

export interface StartedRun {
  id: string;
  /** False when a run with this idempotency key already existed (it is returned, not started again). */
  created: boolean;
}

/**
 * Starts a run of `workflow` in the caller's transaction `tx` (a community's): the run exists, and
 * is queued, exactly when that write commits. The same `key` returns the same run.
 */
export async function startWorkflow<I>(
  tx: Db,
  workflow: DurableWorkflow<I, unknown>,
  input: I,
  options: { key?: string } = {},
): Promise<StartedRun> {
  const engine = engines.of(unitOfWorkOwner('startWorkflow()') as Database);
  if (engine.workflows.get(workflow.name) !== workflow) throw new Error(`Workflow ${workflow.name} is declared by no module`);
  const key = options.key ?? randomUUID();
  const [created] = await tx
    .insert(workflowRuns)
    .values({ tenantId: sql`current_setting('app.tenant_id')::uuid`, workflow: workflow.name, key, input: input as object })
    .onConflictDoNothing()
    .returning({ id: workflowRuns.id, tenantId: workflowRuns.tenantId });
  if (created) {
    await engine.app.jobs.enqueue<RunJob>(tx, created.tenantId, RUN_JOB, { tenantId: created.tenantId, runId: created.id });
    return { id: created.id, created: true };
  }
  const [existing] = await tx
    .select({ id: workflowRuns.id })
    .from(workflowRuns)
    .where(
      and(
        sql`${workflowRuns.tenantId} = current_setting('app.tenant_id')::uuid`,
        eq(workflowRuns.workflow, workflow.name),
        eq(workflowRuns.key, key),
      ),
    );
  return { id: existing.id, created: false };
}

/** Wires the modules' workflows into the app: the run job and the resume sweep (at start and every minute). */
export function installWorkflows(app: FastifyInstance, modules: AppModule[]): void {
  const workflows = new Map<string, DurableWorkflow<unknown, unknown>>();
  for (const module of modules) {
    for (const workflow of module.workflows ?? []) {
      if (workflows.has(workflow.name)) throw new Error(`Workflow ${workflow.name} is declared twice (module ${module.key})`);
      workflows.set(workflow.name, workflow);
    }
  }
  engines.bind(app.db, { app, workflows });
  app.jobs.handle<RunJob>(RUN_JOB, ({ tenantId, runId }) => driveRun(app, workflows, tenantId, runId));

  let sweeper: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    // Runs a process left part-way (killed between steps) go on from their first unfinished step.
    await resumeRuns(app, 0).catch((err) => app.log.error({ err }, 'workflow resume failed'));
    sweeper = setInterval(
      () => void resumeRuns(app).catch((err) => app.log.error({ err }, 'workflow resume failed')),
      RESUME_AFTER_SECONDS * 1000,
    );
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    if (sweeper) clearInterval(sweeper);
  });
}

/** Queues again the runs left running or compensating longer than `olderThanSeconds`. Returns how many. */
export async function resumeRuns(app: FastifyInstance, olderThanSeconds = RESUME_AFTER_SECONDS): Promise<number> {
  const rows = await app.db.query<{ tenant_id: string; id: string }>(
    `select tenant_id, id from workflow_runs
      where status in ('running', 'compensating') and updated_at < now() - make_interval(secs => $1) order by updated_at limit 500`,
    [olderThanSeconds],
  );
  for (const row of rows) await app.jobs.send<RunJob>(RUN_JOB, { tenantId: row.tenant_id, runId: row.id });
  return rows.length;
}

type Next =
  | { kind: 'finished' }
  | { kind: 'again' }
  | { kind: 'external'; step: Step<unknown, unknown>; position: number; input: unknown }
  | { kind: 'undo-external'; step: Step<unknown, unknown>; output: unknown; input: unknown }
  | { kind: 'failed'; step: string; error: unknown }
  | { kind: 'compensation-failed'; step: string; error: unknown };

/**
 * Drives a run to its end, one step per transaction. Each transaction locks the run's row first,
 * so two drivers of one run (a retried job, a resumed run) take turns and the second finds the
 * step already recorded: a finished step is never run again.
 */
export async function driveRun(
  app: FastifyInstance,
  workflows: Map<string, DurableWorkflow<unknown, unknown>>,
  tenantId: string,
  runId: string,
): Promise<void> {
  for (;;) {
    const next = await advance(app, workflows, tenantId, runId);
    if (next.kind === 'finished') return;
    if (next.kind === 'again') continue;
    if (next.kind === 'external') {
      const ctx: ExternalStepContext = { tenantId, runId, idempotencyKey: `${runId}:${next.step.name}`, app };
      let output: unknown;
      try {
        output = await next.step.run(next.input, ctx);
      } catch (error) {
        await markRun(app, tenantId, runId, { status: 'compensating', failedStep: next.step.name, error: messageOf(error) });
        continue;
      }
      await app.db.withTenant(tenantId, async (tx) => {
        const run = await lockRun(tx, tenantId, runId);
        if (run?.status !== 'running') return;
        await tx
          .insert(workflowSteps)
          .values({ tenantId, runId, name: next.step.name, position: next.position, status: 'done', output: toJson(output) })
          .onConflictDoNothing();
        await touchRun(tx, tenantId, runId);
      });
      continue;
    }
    if (next.kind === 'undo-external') {
      // Outside any transaction (the call may take its time; on the embedded database a
      // transaction held open would keep the step's own writes waiting), then recorded.
      try {
        await next.step.compensate?.(next.output, next.input, {
          tenantId,
          runId,
          idempotencyKey: `${runId}:${next.step.name}:compensate`,
          app,
        });
      } catch (error) {
        await markRun(
          app,
          tenantId,
          runId,
          { status: 'failed', error: `Compensating step ${next.step.name} failed: ${messageOf(error)}` },
          true,
        );
        return;
      }
      await app.db.withTenant(tenantId, async (tx) => {
        if ((await lockRun(tx, tenantId, runId))?.status !== 'compensating') return;
        await markCompensated(tx, tenantId, runId, next.step.name);
      });
      continue;
    }
    if (next.kind === 'failed') {
      await markRun(app, tenantId, runId, { status: 'compensating', failedStep: next.step, error: messageOf(next.error) });
      continue;
    }
    await markRun(
      app,
      tenantId,
      runId,
      { status: 'failed', error: `Compensating step ${next.step} failed: ${messageOf(next.error)}` },
      true,
    );
    return;
  }
}

/** One transaction's worth of a run: its next step, or its next compensation, or its end. */
async function advance(
  app: FastifyInstance,
  workflows: Map<string, DurableWorkflow<unknown, unknown>>,
  tenantId: string,
  runId: string,
): Promise<Next> {
  return app.db.withTenant(tenantId, async (tx): Promise<Next> => {
    const run = await lockRun(tx, tenantId, runId);
    if (!run || run.status === 'completed' || run.status === 'compensated' || run.status === 'failed') return { kind: 'finished' };
    const workflow = workflows.get(run.workflow);
    if (!workflow) throw new Error(`Workflow ${run.workflow} is declared by no module`);
    const done = await tx
      .select({ name: workflowSteps.name, position: workflowSteps.position, status: workflowSteps.status, output: workflowSteps.output })
      .from(workflowSteps)
      .where(and(eq(workflowSteps.tenantId, tenantId), eq(workflowSteps.runId, runId)))
      .orderBy(asc(workflowSteps.position));
    const inputOf = (position: number) => (position === 0 ? run.input : done[position - 1].output);

    if (run.status === 'running') {
      const position = done.length;
      if (position === workflow.steps.length) {
        await tx
          .update(workflowRuns)
          .set({ status: 'completed', output: done[position - 1].output })
          .where(and(eq(workflowRuns.tenantId, tenantId), eq(workflowRuns.id, runId)));
        return { kind: 'finished' };
      }
      const current = workflow.steps[position];
      if (current.external) return { kind: 'external', step: current, position, input: inputOf(position) };
      const ctx: StepContext = { tx, tenantId, runId, idempotencyKey: `${runId}:${current.name}`, app };
      try {
        // A savepoint: a failing step undoes its own writes, the run's lock stays held.
        const output = await tx.transaction((sp) => current.run(inputOf(position), { ...ctx, tx: sp as unknown as Db }));
        await tx.insert(workflowSteps).values({ tenantId, runId, name: current.name, position, status: 'done', output: toJson(output) });
        await touchRun(tx, tenantId, runId);
        return { kind: 'again' };
      } catch (error) {
        return { kind: 'failed', step: current.name, error };
      }
    }

    // Compensating: the last step still done is undone next.
    const last = [...done].reverse().find((s) => s.status === 'done');
    if (!last) {
      await tx
        .update(workflowRuns)
        .set({ status: 'compensated' })
        .where(and(eq(workflowRuns.tenantId, tenantId), eq(workflowRuns.id, runId)));
      return { kind: 'finished' };
    }
    const current = workflow.steps[last.position];
    if (current.external && current.compensate)
      return { kind: 'undo-external', step: current, output: last.output, input: inputOf(last.position) };
    const ctx: StepContext = { tx, tenantId, runId, idempotencyKey: `${runId}:${current.name}:compensate`, app };
    try {
      if (current.compensate)
        await tx.transaction((sp) => current.compensate!(last.output, inputOf(last.position), { ...ctx, tx: sp as unknown as Db }));
    } catch (error) {
      return { kind: 'compensation-failed', step: current.name, error };
    }
    await markCompensated(tx, tenantId, runId, last.name);
    return { kind: 'again' };
  });
}

async function lockRun(tx: Db, tenantId: string, runId: string) {
  const [run] = await tx
    .select({ workflow: workflowRuns.workflow, status: workflowRuns.status, input: workflowRuns.input })
    .from(workflowRuns)
    .where(and(eq(workflowRuns.tenantId, tenantId), eq(workflowRuns.id, runId)))
    .for('update');
  return run;
}

async function markCompensated(tx: Db, tenantId: string, runId: string, step: string) {
  await tx
    .update(workflowSteps)
    .set({ status: 'compensated' })
    .where(and(eq(workflowSteps.tenantId, tenantId), eq(workflowSteps.runId, runId), eq(workflowSteps.name, step)));
  await touchRun(tx, tenantId, runId);
}

const touchRun = (tx: Db, tenantId: string, runId: string) =>
  tx
    .update(workflowRuns)
    .set({ updatedAt: new Date() })
    .where(and(eq(workflowRuns.tenantId, tenantId), eq(workflowRuns.id, runId)));

/** Moves a run on to `compensating` (a step failed) or `failed` (its compensation failed too). */
async function markRun(
  app: FastifyInstance,
  tenantId: string,
  runId: string,
  change: { status: 'compensating' | 'failed'; failedStep?: string; error: string },
  append = false,
) {
  await app.db.withTenant(tenantId, (tx) =>
    tx
      .update(workflowRuns)
      .set({
        status: change.status,
        ...(change.failedStep ? { failedStep: change.failedStep } : {}),
        error: append ? sql`coalesce(${workflowRuns.error} || E'\n', '') || ${change.error.slice(0, 2000)}` : change.error.slice(0, 2000),
      })
      .where(and(eq(workflowRuns.tenantId, tenantId), eq(workflowRuns.id, runId))),
  );
}

/**
 * Retries a run that ended `failed` (a compensation failed): its remaining compensations run again,
 * queued after the commit. Any other state has nothing to retry.
 */
export async function retryRun(app: FastifyInstance, tenantId: string, runId: string) {
  return app.db.withTenant(tenantId, async (tx) => {
    const run = await lockRun(tx, tenantId, runId);
    if (!run) throw errors.notFound('Workflow run');
    if (run.status !== 'failed') throw errors.conflict('not_retryable', `Only a failed run can be retried (this one is ${run.status})`);
    await tx
      .update(workflowRuns)
      .set({ status: 'compensating' })
      .where(and(eq(workflowRuns.tenantId, tenantId), eq(workflowRuns.id, runId)));
    await app.jobs.enqueue<RunJob>(tx, tenantId, RUN_JOB, { tenantId, runId });
    return { id: runId, status: 'compensating' as const };
  });
}

/** A run with its steps (the console's run record). */
export async function readRun(app: FastifyInstance, tenantId: string, runId: string) {
  return app.db.readAsTenant(tenantId, async (tx) => {
    const [run] = await tx
      .select()
      .from(workflowRuns)
      .where(and(eq(workflowRuns.tenantId, tenantId), eq(workflowRuns.id, runId)));
    if (!run) return null;
    const steps = await tx
      .select({
        name: workflowSteps.name,
        position: workflowSteps.position,
        status: workflowSteps.status,
        output: workflowSteps.output,
        at: workflowSteps.updatedAt,
      })
      .from(workflowSteps)
      .where(and(eq(workflowSteps.tenantId, tenantId), eq(workflowSteps.runId, runId)))
      .orderBy(asc(workflowSteps.position));
    return { ...run, steps };
  });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** Step outputs are stored as JSON: `undefined` becomes null. */
const toJson = (value: unknown) => (value === undefined ? null : value);
