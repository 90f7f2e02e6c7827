import type { FastifyInstance } from 'fastify';
import { expireUnpaid, tenantsWithOverdue } from './order-actions';

export const EXPIRE_JOB = 'commerce.expire-unpaid';

/** Cancels every community's unpaid orders past their pay-by time, releasing their stock. Returns how many. */
export async function expireOverdueOrders(app: FastifyInstance, now = new Date()): Promise<number> {
  let cancelled = 0;
  for (const tenantId of await tenantsWithOverdue(app, now)) {
    cancelled += await app.db.withTenant(tenantId, (tx) => expireUnpaid({ tx, tenantId }, now));
  }
  return cancelled;
}

/**
 * The sweep as a job, scheduled every minute (pg-boss hands each occurrence to one process; the
 * sweep locks each order, so overlapping runs cancel nothing twice).
 */
export const expiryJobs = {
  [EXPIRE_JOB]: async (_data: object, app: FastifyInstance) => {
    await expireOverdueOrders(app);
  },
};
export const expirySchedules = { [EXPIRE_JOB]: '* * * * *' };
