import { z } from 'zod';
import { type CompatCall, type CompatEntry, compatCrud, compatTable, crudLines, crudPathsUnder } from '../../kernel/compat';
import { formatMoney } from '../../kernel/money';
import { errors, parseInput, publicBaseUrl } from '../../kernel/resources';
import { gatewaysResource } from './gateways';
import { kindCatalogue } from './kinds';
import { transactionsResource } from './ledger';
import { payPath } from './pay-page';
import { razorpayVerifyBody, type StartBody, startBody, startInput } from './routes';
import { paymentService } from './service';
import type { GatewayKind } from './tables';

const scopeOf = (call: CompatCall) => {
  if (!call.scope || !call.auth) throw errors.unauthenticated();
  return call.scope;
};

/**
 * The seeds' start of a payment: `{ payable: { kind, id } }` (or `payableKind`/`payableId`), or an
 * amount as Razorpay's Orders API takes it (`amount` in the minor unit, `currency`, `receipt`).
 */
function startOf(call: CompatCall, kind?: GatewayKind): StartBody {
  const b = call.body;
  const payable =
    b.payable ?? (b.payableKind !== undefined || b.payableId !== undefined ? { kind: b.payableKind, id: b.payableId } : undefined);
  const candidate = payable
    ? { payable, gatewayId: b.gatewayId, kind }
    : {
        amountMinor: b.amountMinor ?? b.amount,
        currency: b.currency,
        reference: b.reference ?? b.receipt,
        description: b.description ?? b.productinfo,
        customer: b.customer ?? { name: b.name ?? b.firstname, email: b.email, phone: b.phone },
        gatewayId: b.gatewayId,
        kind,
      };
  return parseInput(startBody, JSON.parse(JSON.stringify(candidate))) as StartBody;
}

const start =
  (kind?: GatewayKind): CompatEntry['handle'] =>
  async (call) => {
    const scope = scopeOf(call);
    const started = await paymentService(call.req.server).start(scope, startInput(startOf(call, kind), call.req, call.auth!.community));
    return { transaction: started.transaction, checkout: started.checkout, ...checkoutFields(started.checkout) };
  };

/** What the seeds' clients read at the top level: Razorpay's order id, PayU's form. */
function checkoutFields(checkout: { type: string } & Record<string, unknown>) {
  if (checkout.type === 'razorpay')
    return { orderId: checkout.orderId, order_id: checkout.orderId, key: checkout.keyId, amount: checkout.amount };
  if (checkout.type === 'form') return { action: checkout.action, ...(checkout.fields as Record<string, string>) };
  return {};
}

const editBody = z
  .object({
    id: z.uuid('Not a valid id'),
    status: z.enum(['captured', 'paid', 'refunded']).optional(),
    refundAmount: z.number().int().positive().optional(),
    note: z.string().trim().max(500).optional(),
  })
  .loose();

/** `/transaction/edit`: the audited manual actions (mark an offline payment paid, refund). Nothing else changes a transaction. */
const editTransaction: CompatEntry['handle'] = async (call) => {
  const scope = scopeOf(call);
  const body = parseInput(editBody, call.body) as z.infer<typeof editBody>;
  const payments = paymentService(call.req.server);
  if (body.status === 'refunded' || body.refundAmount !== undefined) return payments.refund(scope, body.id, body.refundAmount);
  if (body.status === 'captured' || body.status === 'paid') return payments.markPaid(scope, body.id, body.note);
  throw errors.validation({ status: 'Say what changes: status paid (offline payments) or refunded, or a refundAmount' });
};

/** `/payment/gateway/sendEmail`: emails the payer what to pay and how (a started payment, or a new one). */
const sendEmail: CompatEntry['handle'] = async (call) => {
  const scope = scopeOf(call);
  const payments = paymentService(call.req.server);
  const { transaction, checkout } = await payments.start(scope, startInput(startOf(call), call.req, call.auth!.community));
  const to = z.email().safeParse(call.body.email ?? transaction.customerEmail);
  if (!to.success) throw errors.validation({ email: 'The payer’s email' });
  const amount = formatMoney(transaction.amountMinor, transaction.currency);
  const payUrl = `${publicBaseUrl(call.req.server, call.req)}${payPath(call.auth!.community, transaction.id)}`;
  // Stripe's page is the gateway's own; Razorpay's checkout and PayU's form open on the hosted pay page.
  const how =
    checkout.type === 'redirect'
      ? `Pay here: ${checkout.url}`
      : checkout.type === 'offline'
        ? (checkout.instructions ?? 'We will confirm when the payment arrives.')
        : `Pay here: ${payUrl}`;
  const outboxId = await call.req.server.mailer.send(scope.tenantId, {
    to: to.data,
    subject: `Payment of ${amount} for ${transaction.reference ?? 'your order'}`,
    text: `Hello,\n\nPlease pay ${amount} for ${transaction.reference ?? 'your order'}.\n\n${how}\n`,
  });
  return { sent: true, to: to.data, outboxId, transaction };
};

/** The seeds' payment lines: the gateway catalogue, gateways, Razorpay and PayU, the ledger. */
export const paymentsCompat = compatTable([
  ['content', 'POST', '/masters/paymentGateway/get', 'authenticated', async () => kindCatalogue()],
  crudLines('core', gatewaysResource, crudPathsUnder('/payment/gateway', { add: 'create', update: 'edit' })),
  ['core', 'POST', '/payment/gateway/getSingle', 'payments:read', compatCrud(gatewaysResource).get],
  ['core', 'POST', '/payment/gateway/sendEmail', 'payments:write', sendEmail],
  ['core', 'POST', '/payment/razorpay/createOrder', 'payments:write', start('razorpay')],
  [
    'core',
    'POST',
    '/payment/razorpay/verifySignature',
    'payments:write',
    async (call) => {
      const { transactionId, ...params } = parseInput(razorpayVerifyBody, call.body) as z.infer<typeof razorpayVerifyBody>;
      return paymentService(call.req.server).verifyRazorpay(scopeOf(call), params as Record<string, string>, transactionId);
    },
  ],
  ['core', 'POST', '/payment/payu/payu', 'payments:write', start('payu')],
  ['core', 'POST', '/transaction/create', 'payments:write', start()],
  ['core', 'POST', '/transaction/edit', 'payments:write', editTransaction],
  ['core', 'POST', '/transaction/get', 'payments:read', compatCrud(transactionsResource).list],
]);
