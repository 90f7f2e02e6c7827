import { z } from 'zod';
import type { FieldUi } from '../../kernel/resources';
import type { GatewayKind } from './tables';

const secret = (label: string) => z.string(`${label} is required`).trim().min(8, 'Too short').max(500);

/** What each kind of gateway needs to be configured, and what it can do. */
export interface KindInfo {
  kind: GatewayKind;
  label: string;
  /** Pays online through the gateway's API (offline kinds are marked as paid by an admin). */
  online: boolean;
  refunds: 'api' | 'manual';
  /** Its credentials, validated on save; each is a secret (sealed, masked). */
  credentials: z.ZodObject;
  /** What the provider's dashboard calls each credential ("Key ID"), and whether it is typed hidden (a secret, not an identifier). */
  credentialLabels: Record<string, { label: string; hidden: boolean; hint?: string }>;
  currencies: string[];
  description: string;
}

const none = z.object({}).strict();

export const KINDS: Record<GatewayKind, KindInfo> = {
  razorpay: {
    kind: 'razorpay',
    label: 'Razorpay',
    online: true,
    refunds: 'api',
    credentials: z
      .object({
        keyId: z
          .string('Key id is required')
          .trim()
          .regex(/^rzp_(test|live)_[A-Za-z0-9]{6,40}$/, 'A Razorpay key id (rzp_test_… or rzp_live_…)'),
        keySecret: secret('Key secret'),
        webhookSecret: secret('Webhook secret').optional(),
      })
      .strict(),
    credentialLabels: {
      keyId: { label: 'Key ID', hidden: false, hint: 'Razorpay Dashboard → Account & Settings → API keys (rzp_test_… or rzp_live_…)' },
      keySecret: { label: 'Key secret', hidden: true, hint: 'Shown once when the key is generated' },
      webhookSecret: { label: 'Webhook secret', hidden: true, hint: 'The secret of the webhook that points at this community' },
    },
    currencies: ['INR', 'USD', 'EUR', 'GBP', 'SGD', 'AED'],
    description: 'Cards, UPI, net banking and wallets through Razorpay Checkout.',
  },
  payu: {
    kind: 'payu',
    label: 'PayU',
    online: true,
    refunds: 'api',
    credentials: z
      .object({
        merchantKey: z.string('Merchant key is required').trim().min(4).max(100),
        salt: secret('Salt'),
      })
      .strict(),
    credentialLabels: {
      merchantKey: { label: 'Merchant key', hidden: false, hint: 'PayU Dashboard → Developers → Key and salt' },
      salt: { label: 'Salt', hidden: true },
    },
    currencies: ['INR'],
    description: 'PayU hosted checkout (the payer is sent to PayU and back).',
  },
  stripe: {
    kind: 'stripe',
    label: 'Stripe',
    online: true,
    refunds: 'api',
    credentials: z
      .object({
        secretKey: z
          .string('Secret key is required')
          .trim()
          .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,200}$/, 'A Stripe secret key (sk_test_… or sk_live_…)'),
        webhookSecret: z
          .string()
          .trim()
          .regex(/^whsec_[A-Za-z0-9]{8,200}$/, 'A Stripe webhook signing secret (whsec_…)')
          .optional(),
      })
      .strict(),
    credentialLabels: {
      secretKey: { label: 'Secret key', hidden: true, hint: 'Stripe Dashboard → Developers → API keys (sk_test_… or sk_live_…)' },
      webhookSecret: { label: 'Webhook signing secret', hidden: true, hint: 'whsec_…, from the webhook endpoint of this community' },
    },
    currencies: ['INR', 'USD', 'EUR', 'GBP', 'SGD', 'AED', 'AUD', 'CAD'],
    description: 'Stripe Checkout (hosted payment page).',
  },
  cod: {
    kind: 'cod',
    label: 'Cash on delivery',
    online: false,
    refunds: 'manual',
    credentials: none,
    credentialLabels: {},
    currencies: [],
    description: 'Paid on delivery; an admin marks the payment as received.',
  },
  bank_transfer: {
    kind: 'bank_transfer',
    label: 'Bank transfer',
    online: false,
    refunds: 'manual',
    credentials: none,
    credentialLabels: {},
    currencies: [],
    description: 'The payer transfers to the account in the instructions; an admin marks it as received.',
  },
};

/** The platform catalogue of supported kinds (`/masters/paymentGateway/get`), with each credential field. */
export function kindCatalogue() {
  return Object.values(KINDS).map((k) => ({
    kind: k.kind,
    label: k.label,
    online: k.online,
    refunds: k.refunds,
    currencies: k.currencies,
    description: k.description,
    credentialFields: Object.entries(k.credentials.shape).map(([key, schema]) => ({
      key,
      required: !(schema as z.ZodType).safeParse(undefined).success,
      ...k.credentialLabels[key],
    })),
  }));
}

/** How a gateway's kind and mode read in the console: the same on a gateway and on its transactions. */
export const kindAndModeFields = {
  kind: { options: Object.fromEntries(Object.values(KINDS).map((k) => [k.kind, { label: k.label }])) },
  mode: { options: { test: { label: 'Test', color: 'yellow' }, live: { label: 'Live', color: 'green' } } },
} satisfies Record<string, FieldUi>;
