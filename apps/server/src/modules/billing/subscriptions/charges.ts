import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PLATFORM_COMMUNITY } from '../../../kernel/auth';
import type { Contributions } from '../../../kernel/ports';
import { type Db, errors, requireCommunity, type Scope, systemScope, tenantFilter } from '../../../kernel/resources';
import { billingCharges, type billingInvoices } from '../tables';
import { invoiceIn } from './invoices';
import { invoicePaid } from './service';

/**
 * Paying an invoice. The platform is the seller, so the money goes through the platform community's
 * gateway and its ledger: each invoice gets a charge in the platform community (the payable
 * `billing-charge`, described from it), and a captured payment marks the charge paid in the ledger's
 * transaction and queues `billing.apply-charge`, which marks the buyer's invoice paid and applies what
 * it pays for in the buyer's community (once: a paid invoice is not paid again).
 */
export const CHARGE_PAYABLE = 'billing-charge';
export const APPLY_CHARGE_JOB = 'billing.apply-charge';

export async function findCommunityId(app: FastifyInstance, name: string): Promise<string | null> {
  try {
    return (await requireCommunity(app.db, name)).id;
  } catch {
    return null;
  }
}

export async function platformTenantId(app: FastifyInstance): Promise<string> {
  const id = await findCommunityId(app, PLATFORM_COMMUNITY);
  if (!id)
    throw errors.conflict('billing_unavailable', 'The platform community is not set up: payments to the platform are not possible yet');
  return id;
}

const platformScope = async (app: FastifyInstance) => systemScope(app.db, await platformTenantId(app), 'billing');

export const chargePayable: Contributions['payables'] = {
  kind: CHARGE_PAYABLE,
  label: 'Subscription invoice',
  async describe({ tx, scope }, id) {
    const [charge] = await tx
      .select()
      .from(billingCharges)
      .where(and(tenantFilter(billingCharges, scope.tenantId), eq(billingCharges.id, id)));
    if (!charge) return null;
    return {
      amountMinor: charge.amountMinor,
      currency: charge.currency,
      reference: charge.reference,
      description: charge.description,
      customer: { name: charge.customerName ?? undefined, email: charge.customerEmail ?? undefined },
      state: charge.status,
    };
  },
  async onPaid({ tx, scope, app }, id, transaction) {
    const [charge] = await tx
      .update(billingCharges)
      .set({ status: 'paid', paidAt: new Date(), paymentId: transaction.id, updatedAt: new Date() })
      .where(and(tenantFilter(billingCharges, scope.tenantId), eq(billingCharges.id, id), eq(billingCharges.status, 'open')))
      .returning({ id: billingCharges.id });
    if (charge) await app.jobs.enqueue(tx, scope.tenantId, APPLY_CHARGE_JOB, { chargeId: id });
  },
};

/** The job: a paid charge's invoice marked paid in the buyer's community (idempotent), then the charge marked applied. */
export async function applyCharge(app: FastifyInstance, data: { chargeId: string }) {
  const platform = await platformTenantId(app);
  const charge = await app.db.withTenant(platform, async (tx) => {
    const [row] = await tx
      .select()
      .from(billingCharges)
      .where(and(tenantFilter(billingCharges, platform), eq(billingCharges.id, data.chargeId)));
    return row;
  });
  if (!charge || charge.status !== 'paid' || charge.appliedAt) return;
  const buyer = systemScope(app.db, charge.buyerTenantId, 'billing');
  await app.db.withTenant(charge.buyerTenantId, (tx) => invoicePaid(tx, buyer, charge.invoiceId, charge.paymentId));
  await app.db.withTenant(platform, (tx) =>
    tx
      .update(billingCharges)
      .set({ appliedAt: new Date(), updatedAt: new Date() })
      .where(and(tenantFilter(billingCharges, platform), eq(billingCharges.id, charge.id))),
  );
}

/** Charges paid but not applied (a job lost in a crash): applied again by the minute sweep. */
export async function applyPendingCharges(app: FastifyInstance) {
  const platform = await platformTenantId(app).catch(() => null);
  if (!platform) return;
  const pending = await app.db.withTenant(platform, (tx) =>
    tx
      .select({ id: billingCharges.id })
      .from(billingCharges)
      .where(and(tenantFilter(billingCharges, platform), eq(billingCharges.status, 'paid'), sql`${billingCharges.appliedAt} is null`))
      .limit(100),
  );
  for (const { id } of pending) await applyCharge(app, { chargeId: id });
}

export interface StartedCharge {
  invoiceId: string;
  transactionId: string;
  /** The hosted pay page (relative to the server). */
  payUrl: string;
  amountMinor: number;
  currency: string;
}

/**
 * Starts paying an open invoice of the caller's community through the platform's gateway: the
 * charge (made or refreshed), then the payment (its gateway order). A gateway that refuses or times
 * out answers 502/504 and leaves the invoice open.
 */
export async function startCharge(
  app: FastifyInstance,
  scope: Scope,
  invoiceId: string,
  origin: string,
  idempotencyKey?: string,
): Promise<StartedCharge> {
  const invoice = await scope.db.withTenant(scope.tenantId, (tx) => invoiceIn(tx, scope, invoiceId));
  if (invoice.status === 'paid') throw errors.conflict('already_paid', 'The invoice is already paid');
  if (invoice.status !== 'open') throw errors.conflict('not_payable', `A ${invoice.status} invoice cannot be paid`);
  const [community] = await app.db.query<{ name: string }>('select name from communities where id = $1', [scope.tenantId]);
  const platform = await platformScope(app);
  const chargeId = await app.db.withTenant(platform.tenantId, (tx) => upsertCharge(tx, platform.tenantId, invoice, community.name));
  const payments = app.ports.get('payments');
  const started = await payments.start(platform, {
    payable: { kind: CHARGE_PAYABLE, id: chargeId },
    origin,
    community: PLATFORM_COMMUNITY,
    ...(idempotencyKey ? { idempotency: { key: idempotencyKey, scope: 'billing' } } : {}),
  });
  return {
    invoiceId,
    transactionId: started.transaction.id,
    payUrl: payments.payPath(PLATFORM_COMMUNITY, started.transaction.id),
    amountMinor: invoice.totalMinor,
    currency: invoice.currency,
  };
}

async function upsertCharge(tx: Db, platformId: string, invoice: typeof billingInvoices.$inferSelect, community: string): Promise<string> {
  const values = {
    tenantId: platformId,
    buyerTenantId: invoice.tenantId,
    buyerCommunity: community,
    invoiceId: invoice.id,
    reference: invoice.number ?? invoice.id,
    description: `Invoice ${invoice.number} (${community})`,
    amountMinor: invoice.totalMinor,
    currency: invoice.currency,
    customerName: invoice.buyer.name,
    customerEmail: invoice.buyer.email ?? null,
  };
  const [row] = await tx
    .insert(billingCharges)
    .values(values)
    .onConflictDoUpdate({
      target: [billingCharges.tenantId, billingCharges.invoiceId],
      set: { amountMinor: values.amountMinor, currency: values.currency, updatedAt: new Date() },
      setWhere: sql`${billingCharges.status} = 'open'`,
    })
    .returning({ id: billingCharges.id, status: billingCharges.status });
  if (row) return row.id;
  throw errors.conflict('already_paid', 'The invoice is already paid');
}
