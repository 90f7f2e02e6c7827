import { formatMoney } from '../../kernel/money';
import type { CheckoutStep } from './providers/types';

// The hosted pay page: where a payer opens a started payment (from the storefront, or from a
// payment-link email). Razorpay's checkout runs in the payer's browser from its own script, which
// the console's Content-Security-Policy would refuse; this page gets a policy of its own that
// allows that script's origin and nothing else, and runs no inline script (pay.js reads the
// checkout from data attributes and posts the result to the signature check).

export const DEFAULT_RAZORPAY_CHECKOUT = 'https://checkout.razorpay.com/v1/checkout.js';
export const PAY_SCRIPT_PATH = '/public/assets/pay.js';

/** Where a payer opens a started payment (relative to the server's public address). */
export const payPath = (community: string, transactionId: string) =>
  `/public/${encodeURIComponent(community)}/payments/transactions/${encodeURIComponent(transactionId)}/pay`;

export interface PayPage {
  community: string;
  transaction: {
    id: string;
    status: string;
    amountMinor: number;
    currency: string;
    reference: string | null;
    customerEmail: string | null;
    customerName: string | null;
  };
  checkout: CheckoutStep | null;
  /** Razorpay's checkout script and API (their origins are the only foreign ones the page allows). */
  razorpayCheckoutUrl: string;
  razorpayApiUrl: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const originOf = (url: string) => new URL(url).origin;

/** The page's Content-Security-Policy: our script, the checkout's script and frames, forms posted back here. */
export function payPagePolicy(page: Pick<PayPage, 'razorpayCheckoutUrl' | 'razorpayApiUrl' | 'checkout'>): string {
  const checkout = originOf(page.razorpayCheckoutUrl);
  const api = originOf(page.razorpayApiUrl);
  // A hosted form (PayU) is posted to the gateway: its origin, and no other, may receive it.
  const formTarget = page.checkout?.type === 'form' ? ` ${originOf(page.checkout.action)}` : '';
  return [
    "default-src 'none'",
    `script-src 'self' ${checkout}`,
    `connect-src 'self' ${checkout} ${api}`,
    `frame-src ${checkout} ${api}`,
    "img-src 'self' data: https:",
    "style-src 'self' 'unsafe-inline'",
    `form-action 'self'${formTarget}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The page itself: what is paid, and the way to pay it (or why there is nothing left to pay). */
export function payPageHtml(page: PayPage): string {
  const { transaction: t, checkout } = page;
  const amount = formatMoney(t.amountMinor, t.currency);
  const what = t.reference ? `${escapeHtml(t.reference)}` : 'your order';
  let body: string;
  if (checkout?.type === 'razorpay') {
    const verify = `/public/${encodeURIComponent(page.community)}/payments/razorpay/verify?transaction=${encodeURIComponent(t.id)}`;
    const data = {
      key: checkout.keyId,
      order: checkout.orderId,
      amount: String(checkout.amount),
      currency: checkout.currency,
      name: checkout.name,
      description: checkout.description,
      email: t.customerEmail ?? '',
      customer: t.customerName ?? '',
    };
    const attributes = Object.entries(data)
      .map(([k, v]) => `data-${k}="${escapeHtml(v)}"`)
      .join(' ');
    body = `<div id="pay" ${attributes}>
  <button id="pay-button" type="button" disabled>Pay ${escapeHtml(amount)}</button>
  <p id="pay-status" role="status" aria-live="polite"></p>
  <form id="verify" method="post" action="${escapeHtml(verify)}">
    <input type="hidden" name="razorpay_payment_id"><input type="hidden" name="razorpay_order_id"><input type="hidden" name="razorpay_signature">
  </form>
</div>
<script src="${escapeHtml(page.razorpayCheckoutUrl)}"></script>
<script src="${PAY_SCRIPT_PATH}"></script>`;
  } else if (checkout?.type === 'form') {
    const inputs = Object.entries(checkout.fields)
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
      .join('');
    body = `<form method="post" action="${escapeHtml(checkout.action)}">${inputs}<button type="submit">Continue to pay ${escapeHtml(amount)}</button></form>`;
  } else if (checkout?.type === 'offline') {
    body = `<p>${escapeHtml(checkout.instructions ?? 'Pay as agreed with the shop; it confirms when the payment arrives.')}</p>`;
  } else {
    const state = t.status === 'captured' ? 'This payment is complete. Thank you.' : 'There is nothing to pay on this page any more.';
    body = `<p role="status">${state}</p>`;
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Pay ${escapeHtml(amount)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#1f2933}
h1{font-size:1.4rem}button{font:inherit;padding:.75rem 1.5rem;border:0;border-radius:.4rem;background:#0b6bcb;color:#fff;cursor:pointer}button:disabled{opacity:.6;cursor:default}
#pay-status{min-height:1.5em}
</style>
</head>
<body>
<main>
<h1>Pay ${escapeHtml(amount)}</h1>
<p>For ${what}.</p>
${body}
</main>
</body>
</html>`;
}

/** pay.js: opens Razorpay's checkout from the page's data attributes and posts its result to the signature check. */
export const PAY_SCRIPT = `(function () {
  var root = document.getElementById('pay');
  if (!root) return;
  var d = root.dataset;
  var status = document.getElementById('pay-status');
  var say = function (text) { status.textContent = text; };
  var button = document.getElementById('pay-button');
  button.addEventListener('click', function () {
    if (typeof window.Razorpay !== 'function') { say('The payment window could not load. Check your connection and try again.'); return; }
    var checkout = new window.Razorpay({
      key: d.key, order_id: d.order, amount: Number(d.amount), currency: d.currency, name: d.name, description: d.description,
      prefill: { email: d.email, name: d.customer },
      handler: function (result) {
        var form = document.getElementById('verify');
        form.razorpay_payment_id.value = result.razorpay_payment_id || '';
        form.razorpay_order_id.value = result.razorpay_order_id || '';
        form.razorpay_signature.value = result.razorpay_signature || '';
        say('Checking the payment…');
        form.submit();
      },
      modal: { ondismiss: function () { say('The payment was not completed. You can try again.'); } }
    });
    if (typeof checkout.on === 'function') {
      checkout.on('payment.failed', function (r) { say('The payment failed: ' + ((r && r.error && r.error.description) || 'try again.')); });
    }
    checkout.open();
  });
  // Disabled in the page until now: a click before this script ran would do nothing at all.
  button.disabled = false;
})();
`;
