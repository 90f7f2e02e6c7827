import type { FastifyInstance } from 'fastify';
import type { PermissionModule } from '../access/modules';
import { paymentsCompat } from './compat';
import { gatewaysResource } from './gateways';
import { transactionsResource } from './ledger';
import { paymentRoutes } from './routes';

export const RECONCILE_JOB = 'payments.reconcile';

/** What the kernel module declares for payments: its permission module, resources, routes, compat lines, jobs. */
export const paymentsDeclaration = {
  permissionModule: { key: 'payments', label: 'Payments', area: 'settings' } satisfies PermissionModule,
  resources: [gatewaysResource, transactionsResource],
  compat: paymentsCompat,
  routes: paymentRoutes,
  jobs: {
    [RECONCILE_JOB]: async (_data: object, app: FastifyInstance) => {
      const result = await app.payments.reconcilePending();
      if (result.changed > 0 || result.failed > 0) app.log.info({ ...result }, 'payments reconciled');
    },
  },
  // Every 10 minutes, transactions left pending are asked about (a missed callback leaves nothing unpaid).
  schedules: { [RECONCILE_JOB]: '*/10 * * * *' },
};
