import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, defineResource, errors, type HookContext, letterCode, tenantFilter } from '../../kernel/resources';
import { maskAll, type SecretBox, secretBoxFor } from '../../kernel/secrets';
import { KINDS, kindAndModeFields } from './kinds';
import type { GatewayAccount } from './providers/types';
import { type GatewayKind, paymentGateways } from './tables';

/** The associated data a gateway's credentials are sealed with: they open only for that record. */
const sealContext = (tenantId: string, gatewayId: string) => `${tenantId}:payment_gateways:${gatewayId}`;

async function sealedOf(tx: Db, tenantId: string, id: string): Promise<{ sealed: string | null } | undefined> {
  const [row] = await tx
    .select({ sealed: paymentGateways.credentialsSealed })
    .from(paymentGateways)
    .where(and(tenantFilter(paymentGateways, tenantId), eq(paymentGateways.id, id)));
  return row;
}

/**
 * Credentials arrive in clear (write-only `credentials`), are validated for the gateway's kind,
 * merged over the stored ones (send only what changes), sealed and masked. The clear values are
 * never stored, returned, listed, exported or audited.
 */
async function sealCredentials(ctx: HookContext, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { credentials, ...rest } = data as { credentials?: Record<string, string> } & Record<string, unknown>;
  const existing = ctx.existing;
  if (existing && rest.kind !== undefined && rest.kind !== existing.kind) {
    throw errors.validation({ kind: 'The kind of a gateway cannot change; add another gateway' });
  }
  const kind = (rest.kind ?? existing?.kind) as GatewayKind;
  const info = KINDS[kind];
  const id = existing?.id ?? randomUUID();
  if (!existing) rest.id = id;
  if (credentials === undefined) {
    if (!existing && info.online) throw errors.validation({ credentials: `Required for ${info.label}` });
    return rest;
  }
  const box = secretBoxFor(ctx.scope.db);
  const context = sealContext(ctx.scope.tenantId, id);
  const stored = existing ? (await sealedOf(ctx.tx, ctx.scope.tenantId, id))?.sealed : null;
  const current = stored ? (JSON.parse(box.open(stored, context)) as Record<string, string>) : {};
  // An empty value removes an optional credential.
  const merged = Object.fromEntries(Object.entries({ ...current, ...credentials }).filter(([, v]) => v !== ''));
  const parsed = info.credentials.safeParse(merged);
  if (!parsed.success) {
    throw errors.validation(
      Object.fromEntries(parsed.error.issues.map((i) => [['credentials', ...i.path].join('.'), i.message.slice(0, 200)])),
      `The credentials of ${info.label} need attention`,
    );
  }
  const values = parsed.data as Record<string, string>;
  rest.credentialsSealed = Object.keys(values).length > 0 ? box.seal(JSON.stringify(values), context) : null;
  rest.credentialsMasked = maskAll(values);
  return rest;
}

/** A community's payment gateways (secrets write-only, shown masked). */
export const gatewaysResource = defineResource({
  path: 'payments/gateways',
  module: 'payments',
  table: paymentGateways,
  label: { singular: 'Payment gateway', plural: 'Payment gateways' },
  hidden: ['credentialsSealed'],
  readOnly: ['credentialsMasked'],
  extraInput: {
    credentials: z
      .record(z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,40}$/, 'Not a credential name'), z.string().max(500))
      .optional()
      .describe('Write-only: key id, secrets (sealed, never returned; send only the ones that change)'),
  },
  input: {
    displayName: (s) => s.trim().min(1).max(120),
    currency: letterCode(3, 'A three-letter currency code (INR)'),
    instructions: (s) => s.max(4000),
  },
  list: { search: ['displayName'], filters: ['kind', 'mode', 'enabled', 'currency'], sort: ['displayName', 'kind'] },
  ui: {
    title: 'displayName',
    columns: ['displayName', 'kind', 'mode', 'currency', 'enabled'],
    bulkEdit: ['enabled', 'mode'],
    setup: { label: 'Set up a payment gateway', filter: { enabled: 'true' } },
  },
  fields: {
    ...kindAndModeFields,
    credentials: { widget: 'json', help: 'Secrets are stored encrypted and never shown again; only a mask is.' },
    credentialsMasked: { label: 'Credentials', widget: 'json' },
    instructions: { widget: 'textarea', help: 'What the payer is told (bank transfer, cash on delivery)' },
  },
  hooks: { beforeWrite: sealCredentials },
  examples: [
    {
      kind: 'razorpay',
      displayName: 'Razorpay',
      mode: 'test',
      currency: 'INR',
      enabled: true,
      credentials: { keyId: 'rzp_test_1DP5mmOlF5G5ag', keySecret: 'thisIsATestKeySecret0042', webhookSecret: 'whk-test-secret-0042' },
    },
    {
      kind: 'bank_transfer',
      displayName: 'Bank transfer',
      mode: 'live',
      currency: 'INR',
      enabled: true,
      instructions: 'Pay to A/C 001234567890, IFSC HDFC0000123, quoting your order number.',
    },
  ],
});

/** A gateway with its credentials opened, for a provider call (never for a client). */
export async function loadAccount(box: SecretBox, tx: Db, tenantId: string, gatewayId: string): Promise<GatewayAccount> {
  const [row] = await tx
    .select()
    .from(paymentGateways)
    .where(and(tenantFilter(paymentGateways, tenantId), eq(paymentGateways.id, gatewayId)));
  if (!row) throw errors.notFound('Payment gateway');
  return accountOf(box, tenantId, row);
}

export type GatewayRow = typeof paymentGateways.$inferSelect;

export function accountOf(box: SecretBox, tenantId: string, row: GatewayRow): GatewayAccount {
  return {
    id: row.id,
    kind: row.kind,
    mode: row.mode,
    currency: row.currency,
    displayName: row.displayName,
    instructions: row.instructions,
    credentials: row.credentialsSealed
      ? (JSON.parse(box.open(row.credentialsSealed, sealContext(tenantId, row.id))) as Record<string, string>)
      : {},
  };
}
