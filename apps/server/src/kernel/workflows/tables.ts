import { sql } from 'drizzle-orm';
import { index, integer, jsonb, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { filterIndexes, tenantTable } from '../db/tenant-table';

/**
 * A durable workflow's run: its input, where it stands and how it ended. One run per (workflow,
 * idempotency key): starting the same key again returns the same run.
 */
export const workflowRuns = tenantTable(
  'workflow_runs',
  {
    workflow: text('workflow').notNull(),
    key: text('key').notNull(),
    status: text('status', { enum: ['running', 'completed', 'compensating', 'compensated', 'failed'] })
      .notNull()
      .default('running'),
    input: jsonb('input').notNull(),
    output: jsonb('output'),
    /** The step that failed (its error in `error`); a compensation that failed too adds its own. */
    failedStep: text('failed_step'),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('workflow_runs_key_uq').on(t.tenantId, t.workflow, t.key),
    // The resume sweep reads unfinished runs of every community: a small partial index, tenant first like every index.
    index('workflow_runs_unfinished_idx').on(t.tenantId, t.updatedAt).where(sql`status in ('running', 'compensating')`),
    ...filterIndexes('workflow_runs', t, { status: t.status, workflow: t.workflow }),
  ],
);

/** A finished step of a run, with the output it handed on (and to its compensation). */
export const workflowSteps = tenantTable(
  'workflow_steps',
  {
    runId: uuid('run_id').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    status: text('status', { enum: ['done', 'compensated'] }).notNull(),
    output: jsonb('output'),
  },
  (t) => [
    uniqueIndex('workflow_steps_uq').on(t.tenantId, t.runId, t.name),
    index('workflow_steps_run_idx').on(t.tenantId, t.runId, t.position),
  ],
);
