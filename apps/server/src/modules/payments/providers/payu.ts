import { z } from 'zod';
import { AppError } from '../../../kernel/errors';
import { fromMinor, toMinor } from '../../../kernel/money';
import { sameSecret, sha512Hex } from './crypto';
import { formBody, gatewayRequest, invalidSignature } from './http';
import type { GatewayAccount, PaymentOutcome, PaymentProvider, ProviderOptions, StoredTransaction } from './types';

const LABEL = 'PayU';
const URLS = {
  test: { checkout: 'https://test.payu.in', info: 'https://test.payu.in/merchant/postservice.php?form=2' },
  live: { checkout: 'https://secure.payu.in', info: 'https://info.payu.in/merchant/postservice.php?form=2' },
};

/** PayU's txnid: our transaction id without dashes, cut to PayU's 25 characters. */
export const payuTxnId = (transactionId: string) => transactionId.replaceAll('-', '').slice(0, 25);
/** PayU's refund token of a ledger reservation (its id without dashes, in PayU's 25 characters). */
export const payuRefundToken = (key: string) => `r${key.replaceAll('-', '').slice(0, 24)}`;
/** Minor units as PayU writes amounts ("1250.00"). */
export const payuAmount = (minor: number, currency: string) => fromMinor(minor, currency);
/** PayU's amount as minor units; NaN (which matches no amount) for anything but a plain decimal of the currency. */
function minorOf(amount: string, currency: string): number {
  if (!/^\d+(\.\d+)?$/.test(amount)) return Number.NaN;
  try {
    return toMinor(amount, currency);
  } catch {
    return Number.NaN;
  }
}

/** The request hash: sha512(key|txnid|amount|productinfo|firstname|email|udf1|…|udf5||||||SALT). */
export function payuRequestHash(f: Record<string, string>, salt: string): string {
  const udf = [1, 2, 3, 4, 5].map((i) => f[`udf${i}`] ?? '');
  return sha512Hex([f.key, f.txnid, f.amount, f.productinfo, f.firstname, f.email, ...udf, '', '', '', '', '', salt].join('|'));
}

/** The reverse hash of a return: sha512([additionalCharges|]SALT|status||||||udf5|…|udf1|email|firstname|productinfo|amount|txnid|key). */
export function payuResponseHash(f: Record<string, string>, salt: string): string {
  const udf = [5, 4, 3, 2, 1].map((i) => f[`udf${i}`] ?? '');
  const parts = [salt, f.status ?? '', '', '', '', '', '', ...udf, f.email ?? '', f.firstname ?? '', f.productinfo ?? '', f.amount ?? ''];
  parts.push(f.txnid ?? '', f.key ?? '');
  const text = parts.join('|');
  return sha512Hex(f.additionalCharges ? `${f.additionalCharges}|${text}` : text);
}

const STATUS: Record<string, PaymentOutcome['status']> = { success: 'captured', failure: 'failed', failed: 'failed', pending: 'pending' };

/** PayU: hosted checkout form (sha512 hash), reverse-hash check of the return, postservice API. */
export function payuProvider({ config }: ProviderOptions): PaymentProvider {
  const urls = (account: GatewayAccount) => ({
    checkout: (config.payuUrl ?? URLS[account.mode].checkout).replace(/\/$/, ''),
    info: config.payuInfoUrl ?? URLS[account.mode].info,
  });
  /** A postservice command: hash = sha512(key|command|var1|salt). */
  const command = <T extends z.ZodType>(account: GatewayAccount, name: string, vars: string[], schema: T) => {
    const { merchantKey: key, salt } = account.credentials;
    const fields: Record<string, string> = { key, command: name, hash: sha512Hex([key, name, vars[0], salt].join('|')) };
    vars.forEach((v, i) => {
      fields[`var${i + 1}`] = v;
    });
    return gatewayRequest(
      {
        label: LABEL,
        url: urls(account).info,
        body: formBody(fields),
        timeoutMs: config.timeoutMs,
      },
      schema,
    );
  };

  return {
    kind: 'payu',

    async createOrder(account, request) {
      if (!request.customer.email) throw errorsEmail();
      const fields: Record<string, string> = {
        key: account.credentials.merchantKey,
        txnid: payuTxnId(request.transactionId),
        amount: payuAmount(request.amountMinor, request.currency),
        productinfo: request.reference.slice(0, 100),
        firstname: (request.customer.name ?? 'Customer').slice(0, 60),
        email: request.customer.email,
        phone: request.customer.phone ?? '',
        surl: request.returnUrls.success,
        furl: request.returnUrls.failure,
        udf1: request.transactionId,
        udf2: '',
        udf3: '',
        udf4: '',
        udf5: '',
      };
      fields.hash = payuRequestHash(fields, account.credentials.salt);
      return {
        gatewayOrderId: fields.txnid,
        raw: { ...fields, hash: undefined },
        checkout: { type: 'form', action: `${urls(account).checkout}/_payment`, method: 'POST', fields },
      };
    },

    verifyReturn(account, tx, params) {
      const given = (params.hash ?? '').toLowerCase();
      if (!sameSecret(payuResponseHash(params, account.credentials.salt), given)) throw invalidSignature();
      // Believed only now, and only about the transaction we stored under this txnid and key.
      if (params.key !== account.credentials.merchantKey || params.txnid !== tx.gatewayOrderId) throw invalidSignature();
      return {
        status: STATUS[params.status ?? ''] ?? 'failed',
        gatewayOrderId: params.txnid,
        gatewayPaymentId: params.mihpayid || undefined,
        amountMinor: minorOf(params.amount ?? '', tx.currency),
        currency: tx.currency,
        reason: params.error_Message || params.field9 || undefined,
        raw: { ...params, hash: undefined },
      };
    },

    async fetchPayments(account, tx: StoredTransaction) {
      if (!tx.gatewayOrderId) return { status: 'pending', raw: null };
      const answer = await command(
        account,
        'verify_payment',
        [tx.gatewayOrderId],
        z.object({
          status: z.number(),
          transaction_details: z
            .record(z.string(), z.object({ status: z.string(), amt: z.string().optional(), mihpayid: z.string().optional() }).loose())
            .optional(),
        }),
      );
      const details = answer.transaction_details?.[tx.gatewayOrderId];
      if (!details) return { status: 'pending', raw: answer };
      return {
        status: STATUS[details.status] ?? 'pending',
        gatewayOrderId: tx.gatewayOrderId,
        gatewayPaymentId: details.mihpayid,
        amountMinor: details.amt ? minorOf(details.amt, tx.currency) : undefined,
        currency: tx.currency,
        raw: answer,
      };
    },

    async refund(account, tx, amountMinor, key) {
      if (!tx.gatewayPaymentId) throw new AppError(409, 'not_refundable', 'The payment has no PayU payment id (mihpayid)');
      // PayU's token is the merchant's unique id of the refund request: the same token is one refund.
      const token = payuRefundToken(key);
      const answer = await command(
        account,
        'cancel_refund_transaction',
        [tx.gatewayPaymentId, token, payuAmount(amountMinor, tx.currency)],
        z.object({ status: z.number(), msg: z.string().optional(), request_id: z.union([z.string(), z.number()]).optional() }),
      );
      if (answer.status !== 1) throw new AppError(502, 'gateway_refused', `PayU refused the refund: ${(answer.msg ?? '').slice(0, 200)}`);
      return { refundId: String(answer.request_id ?? token), status: 'processed', raw: answer };
    },

    async testConnection(account) {
      try {
        const answer = await command(
          account,
          'verify_payment',
          ['atrium-connection-test'],
          z.object({ status: z.number(), msg: z.string().optional() }).loose(),
        );
        if (/hash|key|merchant/i.test(answer.msg ?? '') && answer.status !== 1) return { ok: false, message: `PayU: ${answer.msg}` };
        return { ok: true, message: 'PayU accepted the merchant key and salt' };
      } catch (err) {
        if (err instanceof AppError) return { ok: false, message: err.message };
        throw err;
      }
    },
  };
}

const errorsEmail = () => new AppError(400, 'validation_failed', 'PayU needs the payer’s email', { customerEmail: 'Required by PayU' });
