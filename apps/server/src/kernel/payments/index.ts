/**
 * Payments surface: a kernel service (`app.payments`) with one interface over Razorpay, PayU,
 * Stripe, cash on delivery and bank transfer; the ledger; and the payables registry through which a
 * module (commerce, billing) makes its records payable without the kernel naming them:
 *
 *   app.payments.payables.register({ kind: 'commerce-order', label: 'Order', describe, onPaid, onRefunded })
 *
 * then `app.payments.start(scope, { payable: { kind, id }, origin, community })` starts a payment.
 */
export { KINDS, kindCatalogue } from './kinds';
export type { PaymentTransaction } from './ledger';
export { payPath } from './pay-page';
export type { PayableContext, PayableDescription, PayableKind } from './payables';
export type { CheckoutStep, PaymentProvider } from './providers/types';
export { type CallbackResult, PAYMENT_REQUEST, type PaymentService, type Started, type StartInput } from './service';
export {
  GATEWAY_KINDS,
  type GatewayKind,
  paymentGateways,
  paymentTransactions,
  TRANSACTION_STATUSES,
  type TransactionStatus,
} from './tables';
