import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errors } from './errors/app-error';
import { retryDelivery } from './events/domain-events';
import { eventDeliveries } from './events/tables';
import { idParams } from './resources/caller-routes';
import { noWrites } from './resources/operations';
import { defineResource } from './resources/resource';
import { readRun, retryRun } from './workflows/durable';
import { workflowRuns } from './workflows/tables';

// Settings → Operations: what runs after the commit (event deliveries, workflow runs) and what the
// modules declared to run in the background (jobs, schedules, subscribers, workflows).

/** Each event handed to each subscribing module: pending, done, or failed with its error (retryable). */
export const eventDeliveriesResource = defineResource({
  path: 'ops/event-deliveries',
  module: 'performance',
  table: eventDeliveries,
  label: { singular: 'Event delivery', plural: 'Event deliveries' },
  operations: noWrites,
  list: { search: ['eventName', 'subscriber'], filters: ['status', 'eventName', 'subscriber', 'createdAt'] },
  ui: { title: 'eventName', columns: ['createdAt', 'eventName', 'subscriber', 'status', 'attempts', 'lastError'] },
  fields: { status: { options: { pending: { label: 'Pending' }, done: { label: 'Done' }, failed: { label: 'Failed' } } } },
  examples: [],
});

/** Durable workflow runs: where each stands, and the error of a failed one (retryable). */
export const workflowRunsResource = defineResource({
  path: 'ops/workflow-runs',
  module: 'performance',
  table: workflowRuns,
  label: { singular: 'Workflow run', plural: 'Workflow runs' },
  operations: noWrites,
  list: { search: ['workflow', 'key'], filters: ['status', 'workflow', 'createdAt'] },
  ui: { title: 'workflow', columns: ['createdAt', 'workflow', 'status', 'failedStep', 'error'] },
  fields: {
    status: {
      options: {
        running: { label: 'Running' },
        completed: { label: 'Completed' },
        compensating: { label: 'Undoing' },
        compensated: { label: 'Undone' },
        failed: { label: 'Failed' },
      },
    },
  },
  examples: [],
});

const tags = ['ops'];
const lifecycle = z.object({
  module: z.string(),
  label: z.string(),
  jobs: z.array(z.object({ name: z.string(), cron: z.string().nullable() })),
  subscribers: z.array(z.string()),
  workflows: z.array(z.object({ name: z.string(), steps: z.array(z.string()) })),
});

/** The retry actions and the modules' declared lifecycle. */
export async function operationsRoutes(app: FastifyInstance) {
  app.post(
    '/api/v1/ops/event-deliveries/:id/retry',
    { config: { access: 'performance:write' }, schema: { tags, summary: 'Runs a failed event delivery again', params: idParams } },
    async (req) => ({ data: await retryDelivery(app, req.auth!.tenantId, (req.params as { id: string }).id) }),
  );
  app.post(
    '/api/v1/ops/workflow-runs/:id/retry',
    {
      config: { access: 'performance:write' },
      schema: { tags, summary: 'Runs the remaining compensations of a failed workflow run again', params: idParams },
    },
    async (req) => ({ data: await retryRun(app, req.auth!.tenantId, (req.params as { id: string }).id) }),
  );
  app.get(
    '/api/v1/ops/workflow-runs/:id/steps',
    { config: { access: 'performance:read' }, schema: { tags, summary: "A workflow run's recorded steps, in order", params: idParams } },
    async (req) => {
      const run = await readRun(app, req.auth!.tenantId, (req.params as { id: string }).id);
      if (!run) throw errors.notFound('Workflow run');
      return { data: run.steps.map(({ name, position, status, output, at }) => ({ name, position, status, output, at })) };
    },
  );
  app.get(
    '/api/v1/ops/lifecycle',
    {
      config: { access: 'performance:read' },
      schema: {
        tags,
        summary: "Every module's background jobs (with their schedules), event subscriptions and workflows",
        response: { 200: z.object({ data: z.array(lifecycle) }) },
      },
    },
    async () => ({
      data: app.modules
        .map((m) => ({
          module: m.key,
          label: m.label,
          jobs: Object.keys(m.jobs ?? {}).map((name) => ({ name, cron: m.schedules?.[name] ?? null })),
          subscribers: Object.keys(m.subscribers ?? {}),
          workflows: (m.workflows ?? []).map((w) => ({ name: w.name, steps: w.steps.map((s) => s.name) })),
        }))
        .filter((m) => m.jobs.length + m.subscribers.length + m.workflows.length > 0),
    }),
  );
}
