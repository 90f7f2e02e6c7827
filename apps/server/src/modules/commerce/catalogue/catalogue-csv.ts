import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, errors, type Scope, sameCommunity, tenantFilter } from '../../../kernel/resources';
import { fromMinor, toMinor } from '../domain';
import { commerceProducts, commerceSettings, commerceVariations } from '../tables';
import { editVariations, type VariationEdit } from './services/variations';

/**
 * The shop's catalogue as a spreadsheet: one row per variation (what is sold), with its SKU, price
 * and stock; amounts in the currency's units ("799.00", not 79900), ratings as stars. Importing
 * the same sheet back finds each row by SKU and sets its price, compare-at price and stock (the
 * other columns are there to read): every row is checked first, and nothing changes when one is wrong.
 */

const v = commerceVariations;
const p = commerceProducts;
/** More rows than a shop's spreadsheet holds: a larger export is refused with a message. */
const MAX_ROWS = 50_000;

async function currencyOf(tx: Db, tenantId: string): Promise<string> {
  const [row] = await tx
    .select({ currency: commerceSettings.currency })
    .from(commerceSettings)
    .where(tenantFilter(commerceSettings, tenantId))
    .limit(1);
  return row?.currency ?? 'INR';
}

const header = (currency: string) => [
  'Product',
  'Product slug',
  'Status',
  'Variation',
  'SKU',
  `Price (${currency})`,
  `Compare-at price (${currency})`,
  'Stock',
  'Reserved',
  'Rating (stars)',
  'Reviews',
];

/** The CSV text, with a BOM so spreadsheets read it as UTF-8. */
export async function exportCatalogue(tx: Db, scope: Scope): Promise<string> {
  const currency = await currencyOf(tx, scope.tenantId);
  const rows = await tx
    .select({
      product: p.title,
      slug: p.slug,
      status: p.status,
      title: v.title,
      sku: v.sku,
      price: v.price,
      compareAtPrice: v.compareAtPrice,
      onHand: v.onHand,
      reserved: v.reserved,
      ratingAverage: p.ratingAverage,
      ratingCount: p.ratingCount,
    })
    .from(v)
    .innerJoin(p, and(sameCommunity(p, v), eq(p.id, v.productId)))
    .where(tenantFilter(v, scope.tenantId))
    .orderBy(asc(p.title), asc(p.id), asc(v.position), asc(v.id))
    .limit(MAX_ROWS + 1);
  if (rows.length > MAX_ROWS)
    throw errors.validation({ rows: `More than ${MAX_ROWS} variations: export the products list by category instead` });
  const money = (minor: number | null) => (minor === null ? '' : fromMinor(minor, currency));
  const body = rows.map((r) => [
    r.product,
    r.slug,
    r.status,
    r.title,
    r.sku,
    money(r.price),
    money(r.compareAtPrice),
    r.onHand,
    r.reserved,
    r.ratingCount > 0 ? (r.ratingAverage / 100).toFixed(1) : '',
    r.ratingCount,
  ]);
  return `\ufeff${stringify([header(currency), ...body], { record_delimiter: 'windows' })}`;
}

export const catalogueImportInput = z.object({ csv: z.string().min(1).max(10_000_000) }).strict();

/** The column whose heading starts with one of `names` (case and the currency in brackets aside). */
function column(headings: string[], ...names: string[]): number {
  const plain = headings.map((h) =>
    h
      .replace(/\(.*\)/, '')
      .trim()
      .toLowerCase(),
  );
  return plain.findIndex((h) => names.includes(h));
}

/** Reads the sheet and sets price, compare-at price and stock by SKU; answers how many variations changed. */
export async function importCatalogue(tx: Db, scope: Scope, csv: string): Promise<{ rows: number; updated: number }> {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (err) {
    throw errors.validation({ csv: `Not a readable CSV file: ${err instanceof Error ? err.message : String(err)}` });
  }
  const [headings = [], ...rows] = records;
  const at = {
    sku: column(headings, 'sku'),
    price: column(headings, 'price'),
    compareAt: column(headings, 'compare-at price', 'compare at price'),
    stock: column(headings, 'stock', 'on hand'),
  };
  if (at.sku < 0) throw errors.validation({ csv: 'The sheet needs a SKU column (export the catalogue for the layout)' });
  if (at.price < 0 && at.stock < 0 && at.compareAt < 0) throw errors.validation({ csv: 'Nothing to update: add a Price or Stock column' });
  if (rows.length > MAX_ROWS) throw errors.validation({ csv: `At most ${MAX_ROWS} rows at a time` });

  const currency = await currencyOf(tx, scope.tenantId);
  const skus = rows.map((r) => r[at.sku] ?? '');
  const known = new Map<string, { id: string; productId: string }>();
  for (let i = 0; i < skus.length; i += 1000) {
    const chunk = skus.slice(i, i + 1000).filter(Boolean);
    if (chunk.length === 0) continue;
    const found = await tx
      .select({ id: v.id, productId: v.productId, sku: v.sku })
      .from(v)
      .where(and(tenantFilter(v, scope.tenantId), inArray(v.sku, chunk)));
    for (const f of found) known.set(f.sku, f);
  }

  const fields: Record<string, string> = {};
  const byProduct = new Map<string, VariationEdit[]>();
  const seen = new Set<string>();
  const amount = (row: number, key: string, text: string | undefined): number | undefined | null => {
    if (text === undefined || text === '') return key === 'compareAtPrice' && text === '' ? null : undefined;
    try {
      const minor = toMinor(text.replace(/[^\d.-]/g, ''), currency);
      if (minor < 0) throw new Error('negative');
      return minor;
    } catch {
      fields[`rows.${row}.${key}`] = `Row ${row}: "${text}" is not an amount in ${currency} (e.g. 799.00)`;
      return undefined;
    }
  };
  rows.forEach((r, i) => {
    const row = i + 2; // the sheet's own row number (1 is the heading)
    const sku = r[at.sku] ?? '';
    const variation = known.get(sku);
    const refusal = !sku
      ? `Row ${row}: no SKU`
      : !variation
        ? `Row ${row}: no variation has SKU ${sku}`
        : seen.has(sku)
          ? `Row ${row}: SKU ${sku} is listed twice`
          : null;
    if (refusal || !variation) {
      fields[`rows.${row}.sku`] = refusal ?? '';
      return;
    }
    seen.add(sku);
    const edit: VariationEdit = { id: variation.id };
    const price = at.price >= 0 ? amount(row, 'price', r[at.price]) : undefined;
    if (price !== undefined && price !== null) edit.price = price;
    if (at.compareAt >= 0) {
      const compare = amount(row, 'compareAtPrice', r[at.compareAt]);
      if (compare !== undefined) edit.compareAtPrice = compare;
    }
    if (at.stock >= 0 && (r[at.stock] ?? '') !== '') {
      const stock = Number(r[at.stock]);
      if (!Number.isSafeInteger(stock) || stock < 0)
        fields[`rows.${row}.stock`] = `Row ${row}: stock must be a whole number (got "${r[at.stock]}")`;
      else edit.onHand = stock;
    }
    const list = byProduct.get(variation.productId) ?? [];
    list.push(edit);
    byProduct.set(variation.productId, list);
  });
  if (Object.keys(fields).length > 0) throw errors.validation(fields);

  let updated = 0;
  for (const [productId, edits] of byProduct) {
    updated += (await editVariations(tx, scope, productId, edits)).updated;
  }
  return { rows: rows.length, updated };
}
