import { type AreaDeclaration, recordHref, type Screen } from '../../config/screen-types';

export const PAYMENT_GATEWAY = '/admin-panel/controlcenter/settings/payment-gateway';

/**
 * Payments (Settings → Payments): the community's gateways and the ledger, and the outcome screens a
 * payer returns to from a gateway (open without a session: the seed's `if-session` routes).
 */
/** The pages a payer lands on after the gateway: public, in no menu or palette. */
const OUTCOME: Pick<Screen, 'group' | 'section' | 'modules' | 'nav' | 'palette' | 'public'> = {
  group: 'settings',
  section: 'Payments',
  modules: [],
  nav: false,
  palette: false,
  public: true,
};

export const paymentsArea: AreaDeclaration = {
  screens: [
    {
      path: PAYMENT_GATEWAY,
      label: 'Payment gateways',
      description: 'Razorpay, PayU, Stripe, cash on delivery and bank transfer; recent transactions',
      group: 'settings',
      section: 'Payments',
      modules: ['payments'],
      nav: true,
      keywords: ['payments', 'razorpay', 'payu', 'stripe', 'transactions', 'refunds'],
      component: () => import('./payment-gateway-page'),
      records: [
        { resource: 'payments/gateways', href: recordHref(PAYMENT_GATEWAY) },
        { resource: 'payments/transactions', href: (id) => `${PAYMENT_GATEWAY}?tab=transactions&record=${encodeURIComponent(id)}` },
      ],
    },
    {
      path: `${PAYMENT_GATEWAY}/success`,
      label: 'Payment received',
      description: 'The verified outcome of a payment',
      ...OUTCOME,
      component: () => import('./payment-success-page'),
    },
    {
      path: `${PAYMENT_GATEWAY}/failed`,
      label: 'Payment not completed',
      description: 'A payment that failed or could not be verified',
      ...OUTCOME,
      component: () => import('./payment-failed-page'),
    },
  ],
};
