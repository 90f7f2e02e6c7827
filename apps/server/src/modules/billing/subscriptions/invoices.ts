import { and, asc, eq, sql } from 'drizzle-orm';
import { users } from '../../../kernel/auth';
import { recordAudit } from '../../../kernel/events';
import { type Db, errors, type Scope, tenantFilter } from '../../../kernel/resources';
import { decideTax, invoiceTotals } from '../domain/arithmetic';
import {
  billingAccounts,
  billingInvoices,
  billingSeller,
  billingTaxRates,
  type InvoiceEffect,
  type InvoiceLine,
  type InvoiceParty,
} from '../tables';

export type Invoice = typeof billingInvoices.$inferSelect;
export type Account = typeof billingAccounts.$inferSelect;

/** Days an invoice is due in after it is issued. */
export const DUE_DAYS = 7;

/** The community's billing details, made from its owner's details on first use (country IN until changed). */
export async function ensureAccount(tx: Db, scope: Scope): Promise<Account> {
  const [account] = await tx.select().from(billingAccounts).where(tenantFilter(billingAccounts, scope.tenantId));
  if (account) return account;
  const [owner] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(tenantFilter(users, scope.tenantId), eq(users.isOwner, true)))
    .limit(1);
  const [community] = rowsOf<{ display_name: string }>(
    await tx.execute(sql`select display_name from communities where id = ${scope.tenantId}`),
  );
  const [created] = await tx
    .insert(billingAccounts)
    .values({
      tenantId: scope.tenantId,
      legalName: community?.display_name ?? owner?.name ?? 'Community',
      email: owner?.email ?? 'billing@example.invalid',
      country: 'IN',
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [again] = await tx.select().from(billingAccounts).where(tenantFilter(billingAccounts, scope.tenantId));
  return again;
}

/** The platform's invoicing details (the first record of the catalogue). */
export async function sellerDetails(tx: Db): Promise<{ party: InvoiceParty; prefix: string }> {
  const [seller] = await tx.select().from(billingSeller).orderBy(asc(billingSeller.createdAt)).limit(1);
  if (!seller) throw errors.conflict('billing_unavailable', 'Invoicing is not set up on this platform yet (no invoice issuer)');
  return {
    party: { name: seller.legalName, address: seller.address, country: seller.country, taxId: seller.taxId, email: seller.email },
    prefix: seller.invoicePrefix,
  };
}

/**
 * Issues an invoice in the buyer's transaction: seller and buyer as they are now, the tax the buyer's
 * country and tax id call for (rates from the table), totals in minor units, and the platform's next
 * number, taken by billing_next_invoice_number() in this same transaction: a rolled-back invoice gives
 * its number back, so the numbers have no gaps.
 */
export async function issueInvoice(
  tx: Db,
  scope: Scope,
  input: { purpose: Invoice['purpose']; lines: InvoiceLine[]; currency: string; effect: InvoiceEffect; now?: Date },
): Promise<Invoice> {
  const now = input.now ?? new Date();
  const account = await ensureAccount(tx, scope);
  const seller = await sellerDetails(tx);
  const rates = await tx.select().from(billingTaxRates).where(eq(billingTaxRates.active, true));
  const buyer: InvoiceParty = {
    name: account.legalName,
    address: account.address,
    country: account.country,
    taxId: account.taxId,
    email: account.email,
  };
  const tax = decideTax(seller.party, buyer, rates);
  const totals = invoiceTotals(input.lines, tax.ratePpm);
  const number = await nextInvoiceNumber(tx, seller.prefix);
  const [invoice] = await tx
    .insert(billingInvoices)
    .values({
      tenantId: scope.tenantId,
      number,
      status: totals.totalMinor === 0 ? 'paid' : 'open',
      purpose: input.purpose,
      issuedAt: now,
      dueAt: new Date(now.getTime() + DUE_DAYS * 86_400_000),
      paidAt: totals.totalMinor === 0 ? now : null,
      seller: seller.party,
      buyer,
      lines: input.lines,
      currency: input.currency,
      ...totals,
      taxName: tax.name,
      taxRatePpm: tax.ratePpm,
      reverseCharge: tax.reverseCharge,
      effect: input.effect,
    })
    .returning();
  await recordAudit(tx, scope, [{ action: 'create', resource: 'billing/invoices', recordId: invoice.id, after: invoice }]);
  return invoice;
}

/** The platform's next invoice number (`ATR-000042`), inside the caller's transaction. */
async function nextInvoiceNumber(tx: Db, prefix: string): Promise<string> {
  const rows = rowsOf<{ n: string | number }>(await tx.execute(sql`select billing_next_invoice_number() as n`));
  return `${prefix}-${String(rows[0].n).padStart(6, '0')}`;
}

export async function invoiceIn(tx: Db, scope: Scope, id: string, forUpdate = false): Promise<Invoice> {
  const query = tx
    .select()
    .from(billingInvoices)
    .where(and(tenantFilter(billingInvoices, scope.tenantId), eq(billingInvoices.id, id)));
  const [invoice] = forUpdate ? await query.for('update') : await query;
  if (!invoice) throw errors.notFound('Invoice');
  return invoice;
}

/** The note an invoice prints about its tax (reverse charge). */
export const taxNote = (invoice: Pick<Invoice, 'reverseCharge' | 'taxName' | 'buyer'>) =>
  invoice.reverseCharge
    ? `Reverse charge: ${invoice.taxName ?? 'tax'} on this supply is accounted for by the recipient${invoice.buyer.taxId ? ` (${invoice.buyer.taxId})` : ''}`
    : null;

/** Rows of `tx.execute` (both engines answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
