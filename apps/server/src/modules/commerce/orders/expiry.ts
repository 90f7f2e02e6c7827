import type { FastifyInstance } from 'fastify';
import { expireUnpaid, tenantsWithOverdue } from './order-actions';

export const EXPIRE_JOB = 'commerce.expire-unpaid';
const EVERY_MS = 60_000;

/** Cancels every community's unpaid orders past their pay-by time, releasing their stock. Returns how many. */
export async function expireOverdueOrders(app: FastifyInstance, now = new Date()): Promise<number> {
  let cancelled = 0;
  for (const tenantId of await tenantsWithOverdue(app, now)) {
    cancelled += await app.db.withTenant(tenantId, (tx) => expireUnpaid({ tx, tenantId }, now));
  }
  return cancelled;
}

/**
 * The sweep as a job (registered here: a module's declared job handlers get no app to work on), and
 * since the kit has no recurring jobs, queued once a minute while the queue runs (pg-boss hands each
 * run to one process; the sweep locks each order, so overlapping runs cancel nothing twice).
 */
export function scheduleExpiry(app: FastifyInstance) {
  app.jobs.handle(EXPIRE_JOB, async () => {
    await expireOverdueOrders(app);
  });
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (app.jobs.running) app.jobs.send(EXPIRE_JOB, {}).catch((err) => app.log.error({ err }, 'queueing the unpaid-order sweep failed'));
    }, EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
