import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, type Db, type Metering, meteredTotal, type Scope, tenantFilter } from '../../../kernel/resources';
import { addonsList, planByCode } from '../catalogue/pricing';
import { ensureSubscription, FALLBACK_PLAN, MONTHLY_KEYS } from '../subscriptions/service';
import { billingAddonOrders, billingUsage } from '../tables';

/** What a quota key is called in a refusal, and how its amounts read. */
const NAMES: Record<string, { label: string; unit?: (n: number) => string }> = {
  admins: { label: 'admins' },
  products: { label: 'products' },
  contacts: { label: 'contacts' },
  'messages:email': { label: 'campaign emails this period' },
  'messages:sms': { label: 'campaign SMS this period' },
  'messages:whatsapp': { label: 'WhatsApp messages this period' },
  'messages:push': { label: 'push notifications this period' },
  storage: { label: 'storage', unit: (n) => `${(n / 1024 ** 3).toFixed(n % 1024 ** 3 === 0 ? 0 : 2)} GB` },
  ai: { label: 'AI credits this period' },
};
const amount = (key: string, n: number) => NAMES[key]?.unit?.(n) ?? n.toLocaleString('en-US');

export interface QuotaState {
  key: string;
  label: string;
  /** The plan's limit plus active add-ons; null = unlimited. */
  limit: number | null;
  planLimit: number | null;
  addonUnits: number;
  used: number;
}

/**
 * The quotas billing enforces for every area (the `quotas` port): `consume` takes an amount of a
 * community's limit inside the caller's transaction, in one conditional UPDATE of the usage row, so
 * concurrent takers queue on the row and the limit is never passed; `release` gives it back.
 * A limit is the plan's (`limits[key]`, absent = unlimited) plus the community's active add-ons for
 * that key. Counts (products, contacts, admins) start from the records that exist; monthly credits
 * (messages, AI) start again with each period.
 */
export function createQuotaService(app: FastifyInstance) {
  /** The limit of a key for the community now, and the period monthly credits count from. */
  async function limitOf(tx: Db, scope: Scope, key: string) {
    const sub = await ensureSubscription(tx, scope);
    // A cancelled subscription keeps the first plan's limits.
    const plan = (await planByCode(tx, sub.status === 'cancelled' ? FALLBACK_PLAN : sub.planCode)) ?? (await planByCode(tx, FALLBACK_PLAN));
    const planLimit = plan && key in plan.limits ? plan.limits[key]! : null;
    const [{ units }] = await tx
      .select({ units: sql<string>`coalesce(sum(${billingAddonOrders.units}), 0)` })
      .from(billingAddonOrders)
      .where(
        and(
          tenantFilter(billingAddonOrders, scope.tenantId),
          eq(billingAddonOrders.quotaKey, key),
          eq(billingAddonOrders.status, 'active'),
        ),
      );
    const addonUnits = Number(units);
    return {
      planLimit,
      addonUnits,
      limit: planLimit === null ? null : planLimit + addonUnits,
      periodStart: sub.periodStart,
      planName: plan?.name ?? 'current',
    };
  }

  /** What the records metered as a count key amount to (made before billing counted them), once, when its usage row is made. */
  const existing = (tx: Db, scope: Scope, key: string) => meteredTotal(tx, app.resources.all(), scope.tenantId, key);

  async function ensureRow(tx: Db, scope: Scope, key: string, periodStart: Date) {
    const monthly = MONTHLY_KEYS.test(key);
    const [found] = await tx
      .select({ id: billingUsage.id })
      .from(billingUsage)
      .where(and(tenantFilter(billingUsage, scope.tenantId), eq(billingUsage.key, key)));
    if (found) return;
    await tx
      .insert(billingUsage)
      .values({
        tenantId: scope.tenantId,
        key,
        used: monthly ? 0 : await existing(tx, scope, key),
        periodStart: monthly ? periodStart : null,
      })
      .onConflictDoNothing();
  }

  async function refuse(tx: Db, scope: Scope, key: string, want: number, limit: number, planName: string): Promise<never> {
    const [row] = await tx
      .select({ used: billingUsage.used })
      .from(billingUsage)
      .where(and(tenantFilter(billingUsage, scope.tenantId), eq(billingUsage.key, key)));
    const addon = (await addonsList(tx)).find((a) => a.quotaKey === key);
    const name = NAMES[key]?.label ?? key;
    const lift = addon ? `The “${addon.name}” add-on raises it (Add-ons), or upgrade your plan.` : 'Upgrade your plan to raise it.';
    throw new AppError(
      402,
      'quota_exceeded',
      `Your ${planName} plan allows ${amount(key, limit)} ${name}; ${amount(key, row?.used ?? 0)} used, ${amount(key, want)} more asked. ${lift}`,
      { quota: key, limit: String(limit), used: String(row?.used ?? 0), ...(addon ? { addon: addon.code } : {}) },
    );
  }

  const service = {
    // consume and release are the `quotas` port (Metering); usage is billing's own.
    async consume(tx: Db, scope: Scope, key: string, want: number): Promise<void> {
      if (!Number.isSafeInteger(want) || want < 0) throw new Error(`quota ${key}: amount must be a whole number ≥ 0`);
      if (want === 0) return;
      const { limit, periodStart, planName } = await limitOf(tx, scope, key);
      await ensureRow(tx, scope, key, periodStart);
      const monthly = MONTHLY_KEYS.test(key);
      // A monthly credit counted in an earlier period starts again from zero.
      const base = monthly
        ? sql`(case when ${billingUsage.periodStart} is distinct from ${periodStart} then 0 else ${billingUsage.used} end)`
        : sql`${billingUsage.used}`;
      const [taken] = await tx
        .update(billingUsage)
        .set({ used: sql`${base} + ${want}`, ...(monthly ? { periodStart } : {}), updatedAt: new Date() })
        .where(
          and(
            tenantFilter(billingUsage, scope.tenantId),
            eq(billingUsage.key, key),
            limit === null ? undefined : sql`${base} + ${want} <= ${limit}`,
          ),
        )
        .returning({ used: billingUsage.used });
      if (!taken) await refuse(tx, scope, key, want, limit ?? 0, planName);
    },

    async release(tx: Db, scope: Scope, key: string, give: number): Promise<void> {
      if (!Number.isSafeInteger(give) || give <= 0) return;
      await tx
        .update(billingUsage)
        .set({ used: sql`greatest(0, ${billingUsage.used} - ${give})`, updatedAt: new Date() })
        .where(and(tenantFilter(billingUsage, scope.tenantId), eq(billingUsage.key, key)));
    },

    /** Every key the plan names (and any counted), with its limit and use. */
    async usage(tx: Db, scope: Scope): Promise<QuotaState[]> {
      const sub = await ensureSubscription(tx, scope);
      const plan = await planByCode(tx, sub.status === 'cancelled' ? FALLBACK_PLAN : sub.planCode);
      const rows = await tx.select().from(billingUsage).where(tenantFilter(billingUsage, scope.tenantId));
      const keys = [...new Set([...Object.keys(plan?.limits ?? {}), ...rows.map((r) => r.key)])];
      const states: QuotaState[] = [];
      for (const key of keys) {
        const { limit, planLimit, addonUnits, periodStart } = await limitOf(tx, scope, key);
        const row = rows.find((r) => r.key === key);
        let used = row ? row.used : MONTHLY_KEYS.test(key) ? 0 : await existing(tx, scope, key);
        if (row && MONTHLY_KEYS.test(key) && row.periodStart?.getTime() !== periodStart.getTime()) used = 0;
        states.push({ key, label: NAMES[key]?.label ?? key, limit, planLimit, addonUnits, used });
      }
      return states;
    },
  };
  return service satisfies Metering & { usage: unknown };
}

export type QuotaService = ReturnType<typeof createQuotaService>;
