import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../kernel/resources';
import { billingAddons, billingPlans, type PlanOption } from '../tables';

export type Plan = typeof billingPlans.$inferSelect;
export type Addon = typeof billingAddons.$inferSelect;

/** A plan's options as a country sees them: its regional prices when it has some for that country. */
export function optionsFor(plan: Pick<Plan, 'options' | 'regional'>, country: string | null): PlanOption[] {
  const regional = country ? plan.regional.find((r) => r.country === country) : undefined;
  return regional ? regional.options : plan.options;
}

/** A plan priced for a country: `options` replaced by the regional ones, and whether they were. */
export const pricedPlan = (plan: Plan, country: string | null) => {
  const options = optionsFor(plan, country);
  return { ...plan, options, regionalCountry: options === plan.options ? null : country };
};

/** The active plans, sorted by number (seed 001 §9), priced for the country. */
export async function plansFor(db: Db, country: string | null) {
  const plans = await db
    .select()
    .from(billingPlans)
    .where(eq(billingPlans.active, true))
    .orderBy(asc(billingPlans.number), asc(billingPlans.id));
  return plans.map((p) => pricedPlan(p, country));
}

export async function planByCode(db: Db, code: string): Promise<Plan | undefined> {
  const [plan] = await db.select().from(billingPlans).where(eq(billingPlans.code, code));
  return plan;
}

export async function addonsList(db: Db) {
  return db.select().from(billingAddons).where(eq(billingAddons.active, true)).orderBy(asc(billingAddons.number), asc(billingAddons.id));
}

export async function addonByCode(db: Db, code: string): Promise<Addon | undefined> {
  const [addon] = await db
    .select()
    .from(billingAddons)
    .where(and(eq(billingAddons.code, code), eq(billingAddons.active, true)));
  return addon;
}

/** The option of a plan for a period (in the country's prices); the first option when none is named. */
export function optionOf(plan: Plan, country: string | null, period?: PlanOption['period']): PlanOption | undefined {
  const options = optionsFor(plan, country);
  return period ? options.find((o) => o.period === period) : options[0];
}
