import { defineModule } from '../../kernel/resources';
import { aiRoutes } from './ai/routes';
import { addonsResource } from './catalogue/addons';
import { plansResource } from './catalogue/plans';
import { catalogueRoutes } from './catalogue/routes';
import { sellerResource } from './catalogue/seller';
import { taxRatesResource } from './catalogue/tax-rates';
import { billingCompat } from './compat';
import { platformRoutes } from './platform/routes';
import { quotasOf } from './quotas/port';
import { billingSeed } from './seed';
import { APPLY_CHARGE_JOB, applyCharge, applyPendingCharges, chargePayable } from './subscriptions/charges';
import { renewalWorkflow, renewDue } from './subscriptions/renewals';
import { accountResource, addonOrdersResource, invoicesResource, subscriptionResource, usageResource } from './subscriptions/resources';
import { subscriptionRoutes } from './subscriptions/routes';

/**
 * Billing: plans and add-ons (platform catalogues), the community's subscription, invoices (numbered
 * per platform without gaps, taxed by the buyer's country) paid through the platform's gateway,
 * renewals as a durable workflow, and the quotas every area takes at the point of use.
 */
export const billingModule = defineModule({
  key: 'billing',
  label: 'Billing',
  area: 'billing',
  permissionModules: [
    { key: 'billing', label: 'Billing' },
    { key: 'billing-catalogue', label: 'Plans and add-ons (platform)' },
  ],
  resources: [
    plansResource,
    addonsResource,
    taxRatesResource,
    sellerResource,
    accountResource,
    subscriptionResource,
    invoicesResource,
    usageResource,
    addonOrdersResource,
  ],
  routes: async (app) => {
    await catalogueRoutes(app);
    await subscriptionRoutes(app);
    await platformRoutes(app);
    await aiRoutes(app);
  },
  compat: billingCompat,
  // The quotas every area takes from at the point of use (and the kit, for metered records and uploads).
  provides: { quotas: (app) => quotasOf(app) },
  // Invoices are paid through the payments module (the platform community's gateway): its port, and our charge in its payables.
  requires: ['payments'],
  contributes: { payables: [chargePayable] },
  jobs: {
    [APPLY_CHARGE_JOB]: (data: { chargeId: string }, app) => applyCharge(app, data),
    'billing.renewals': async (_data, app) => {
      await applyPendingCharges(app);
      await renewDue(app);
    },
  },
  schedules: { 'billing.renewals': '7 * * * *' },
  workflows: [renewalWorkflow],
  seed: billingSeed,
});
