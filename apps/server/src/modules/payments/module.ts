import { defineModule } from '../../kernel/resources';
import { paymentsCompat } from './compat';
import { gatewaysResource } from './gateways';
import { transactionsResource } from './ledger';
import type { PaymentsPort } from './port';
import { paymentRoutes } from './routes';
import { paymentService } from './service';

export const RECONCILE_JOB = 'payments.reconcile';

/**
 * Payments: a community's gateways (Razorpay, PayU, Stripe, cash on delivery, bank transfer), the
 * ledger of every attempt, the gateways' callbacks and the hosted pay page. Other modules pay their
 * records through the `payments` port and contribute what can be paid to its `payables` list.
 */
export const paymentsModule = defineModule({
  key: 'payments',
  label: 'Payments',
  area: 'settings',
  permissionModules: [{ key: 'payments', label: 'Payments', area: 'settings' }],
  resources: [gatewaysResource, transactionsResource],
  compat: paymentsCompat,
  routes: paymentRoutes,
  provides: { payments: (app): PaymentsPort => paymentService(app) },
  jobs: {
    [RECONCILE_JOB]: async (_data: object, app) => {
      const result = await paymentService(app).reconcilePending();
      if (result.changed > 0 || result.failed > 0) app.log.info({ ...result }, 'payments reconciled');
    },
  },
  // Every 10 minutes, transactions left pending are asked about (a missed callback leaves nothing unpaid).
  schedules: { [RECONCILE_JOB]: '*/10 * * * *' },
});
