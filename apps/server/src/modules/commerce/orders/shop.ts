import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  AppError,
  type Database,
  type Db,
  errors,
  preparedStatement,
  requireCommunity,
  rowMapper,
  selectList,
  tenantFilter,
} from '../../../kernel/resources';
import { DomainError, FIRST_ORDER_NUMBER, type Result } from '../domain';
import { commerceSettings, commerceTaxRates } from '../tables';

/** A write or read inside one community's transaction (row-level security on). */
export interface ShopTx {
  tx: Db;
  tenantId: string;
}

/** Who did something to an order (shown on its timeline). */
export interface Actor {
  kind: 'admin' | 'customer' | 'system';
  id: string | null;
  name: string | null;
}

export const SYSTEM: Actor = { kind: 'system', id: null, name: 'System' };

const CONFLICTS = new Set(['illegal_transition', 'insufficient_stock', 'not_reserved', 'below_reserved']);

/** A domain refusal as the HTTP answer: 409 for conflicts with the record's state, 400 for bad input. */
export function toAppError(err: DomainError): AppError {
  const fields = Object.fromEntries(Object.entries(err.details).map(([k, v]) => [k, String(v)]));
  const conflict = CONFLICTS.has(err.code) || err.code.endsWith('_exceeds_ordered') || err.code.endsWith('_exceeds_purchased');
  return new AppError(conflict ? 409 : 400, err.code, err.message, Object.keys(fields).length > 0 ? fields : undefined);
}

/** The value of an expected outcome, or its refusal as an AppError. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw toAppError(result.error);
  return result.value;
}

/** Runs a domain rule; an argument it refuses becomes a 4xx, never a 5xx. */
export function rule<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof DomainError) throw toAppError(err);
    throw err;
  }
}

export interface ShopSettings {
  currency: string;
  pricesIncludeTax: boolean;
  orderPrefix: string;
  shippingPrice: number;
  freeShippingFrom: number | null;
  shippingTaxClass: string | null;
  paymentWindowMinutes: number;
  guestHoldMinutes: number;
  maxUnitsPerOrder: number;
  maxUnpaidUnitsPerBuyer: number;
  country: string;
}

const DEFAULT_SETTINGS: ShopSettings = {
  currency: 'INR',
  pricesIncludeTax: true,
  orderPrefix: '#',
  shippingPrice: 0,
  freeShippingFrom: null,
  shippingTaxClass: null,
  paymentWindowMinutes: 60,
  guestHoldMinutes: 15,
  maxUnitsPerOrder: 100,
  maxUnpaidUnitsPerBuyer: 200,
  country: 'IN',
};

/** What the shop reads of its settings row (`id` null: none saved). */
const settingsColumns = {
  id: commerceSettings.id,
  currency: commerceSettings.currency,
  pricesIncludeTax: commerceSettings.pricesIncludeTax,
  orderPrefix: commerceSettings.orderPrefix,
  shippingPrice: commerceSettings.shippingPrice,
  freeShippingFrom: commerceSettings.freeShippingFrom,
  shippingTaxClass: commerceSettings.shippingTaxClass,
  paymentWindowMinutes: commerceSettings.paymentWindowMinutes,
  guestHoldMinutes: commerceSettings.guestHoldMinutes,
  maxUnitsPerOrder: commerceSettings.maxUnitsPerOrder,
  maxUnpaidUnitsPerBuyer: commerceSettings.maxUnpaidUnitsPerBuyer,
  country: commerceSettings.country,
};
const SETTINGS_WIDTH = Object.keys(settingsColumns).length;

/** The shop's settings (the defaults until the community saves its own). */
export async function shopSettings(s: ShopTx): Promise<ShopSettings> {
  const [row] = await s.tx.select(settingsColumns).from(commerceSettings).where(tenantFilter(commerceSettings, s.tenantId)).limit(1);
  return row ? settingsOf(row) : DEFAULT_SETTINGS;
}

/** The settings of a saved row (`id` null: none saved, the defaults). */
const settingsOf = ({ id, ...settings }: ShopSettings & { id: string | null }): ShopSettings => (id === null ? DEFAULT_SETTINGS : settings);

export interface TaxRate {
  name: string;
  country: string | null;
  state: string | null;
  taxClass: string;
  ratePpm: number;
}

/**
 * A statement of the shop's settings and its tax rates (every priced cart needs both), rendered once
 * (preparedStatement `name`; the community is the placeholder `tenantId`): the rates come as JSON
 * beside the settings row (the defaults when the community has saved none), and so does `also`, a
 * scalar subquery the caller wants with them (the cart's lines). `first`, a CTE of the same
 * statement named `first`, runs before (a checkout's reservation of the cart's stock). Always one
 * row, so the statement is never run twice.
 */
export function shopConfigStatement<T>(name: string, also: () => SQL<T>, first?: () => SQL) {
  const statement = preparedStatement(name, () => {
    const tenantId = sql.placeholder('tenantId');
    const r = commerceTaxRates;
    const rates = sql`(select coalesce(json_agg(json_build_object(
        'name', ${r.name}, 'country', ${r.country}, 'state', ${r.state}, 'taxClass', ${r.taxClass}, 'ratePpm', ${r.ratePpm})), '[]'::json)
      from ${r} where ${tenantFilter(r, tenantId) ?? sql`true`})`;
    return sql`${first ? sql`with first as (${first()}) ` : sql``}select ${selectList(settingsColumns)}, ${rates}, ${also()}
      from (select 1) as one left join ${commerceSettings} on ${tenantFilter(commerceSettings, tenantId) ?? sql`true`}`;
  });
  const settingsRow = rowMapper(settingsColumns);
  return async (s: ShopTx, values: Record<string, unknown>): Promise<{ settings: ShopSettings; rates: TaxRate[]; also: T }> => {
    const [row] = await statement.raw(s.tx, { ...values, tenantId: s.tenantId });
    // A left join: with no settings row yet every column is null, the id too (settingsOf gives the defaults).
    const saved = settingsRow(row.slice(0, SETTINGS_WIDTH));
    return {
      settings: settingsOf(saved),
      rates: row[SETTINGS_WIDTH] as TaxRate[],
      also: row[SETTINGS_WIDTH + 1] as T,
    };
  };
}

/**
 * Takes the community's next order number and its display form (`${orderPrefix}${number}`, as
 * formatOrderNumber writes it) by one UPDATE of the settings row (created on first use), committed
 * on its own at once (db.autonomous), not with the order: the row is locked for that statement
 * only, so concurrent checkouts do not queue behind each other's whole transaction for it. Two
 * checkouts never share a number; a checkout that fails after taking its number leaves a gap (the
 * number is not given back). On the embedded database the number is taken in the order's
 * transaction, and given back if it rolls back.
 */
export async function takeOrderNumber(db: Database, s: ShopTx): Promise<{ number: number; reference: string }> {
  const [[number, reference]] = await db.autonomous(s.tenantId, s.tx, (tx) => nextOrderNumber.raw(tx, { tenantId: s.tenantId }));
  return { number: number as number, reference: reference as string };
}

const nextOrderNumber = preparedStatement('commerce:take-order-number', () => {
  const c = commerceSettings;
  return sql`insert into ${c} (tenant_id, next_order_number) values (${sql.placeholder('tenantId')}, ${FIRST_ORDER_NUMBER + 1})
    on conflict (tenant_id) do update set next_order_number = ${c.nextOrderNumber} + 1, updated_at = now()
    returning ${c.nextOrderNumber} - 1, ${c.orderPrefix} || (${c.nextOrderNumber} - 1)`;
});

/** Runs `fn` in the named community's transaction, or 404 when there is no such community. */
export async function inShop<T>(app: FastifyInstance, community: string, fn: (s: ShopTx) => Promise<T>): Promise<T> {
  const c = await requireCommunity(app.db, community);
  return app.db.withTenant(c.id, (tx) => fn({ tx, tenantId: c.id }));
}

export const notFound = (what: string) => errors.notFound(what);
