import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportCsv, postImport, runImport } from './csv-helpers';
import { apiOf, appWith, dataOf, signedInAdmin, type TestCommunity } from './helpers';

/** CSV export and import of the resource kit, on products (relations, images, nested rows). */

const [t, a, b] = await appWith(2);
const api = apiOf(t, a);
let categoryId: string;
const ids: string[] = [];

const product = (code: string, price: number, extra: Record<string, unknown> = {}) => ({
  code,
  name: `Tile ${code}`,
  status: 'published',
  categoryId,
  images: [{ url: `/public/demo/files/${code}.jpg`, alt: `Tile ${code}` }],
  variants: [{ code: `${code}-A`, finish: 'Matt', price }],
  tags: ['floor', 'porcelain'],
  ...extra,
});

async function getProduct(as: TestCommunity, id: string) {
  const res = await t.request({ method: 'GET', url: `/api/v1/site/products/${id}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  categoryId = dataOf(await api('POST', 'site/product-categories', { name: 'Floor tiles' }), 201).id;
  for (const [code, price] of [
    ['CSV-1', 10],
    ['CSV-2', 20],
    ['CSV-3', 30],
  ] as const) {
    ids.push(dataOf(await api('POST', 'site/products', product(code, price)), 201).id);
  }
});

describe('GET /api/v1/<resource>/export.csv', () => {
  it('exports every field of the filtered set: relations by title, ISO dates, images by URL, nested rows as JSON', async () => {
    const { res, rows } = await exportCsv(t, a, 'site/products', { q: 'CSV-2' });
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/filename\*=UTF-8''Products%20\d{4}-\d{2}-\d{2}\.csv/);
    expect(res.headers['x-total-count']).toBe('1');
    const [header, ...data] = rows;
    expect(header).toEqual(
      expect.arrayContaining(['ID', 'Code', 'Name', 'Category', 'Images', 'Variants', 'Tags', 'Status', 'Created at']),
    );
    expect(data).toHaveLength(1);
    const cell = (label: string) => data[0][header.indexOf(label)];
    expect(cell('ID')).toBe(ids[1]);
    expect(cell('Category')).toBe('Floor tiles');
    expect(cell('Images')).toBe('/public/demo/files/CSV-2.jpg');
    expect(JSON.parse(cell('Variants'))).toEqual([{ code: 'CSV-2-A', finish: 'Matt', price: 20, available: true }]);
    expect(cell('Tags')).toBe('floor; porcelain');
    expect(cell('Status')).toBe('published');
    expect(cell('Created at')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('defuses cells a spreadsheet would run as formulas, and reads them back as typed', async () => {
    const created = dataOf(await api('POST', 'site/products', { code: 'F-1', name: '=HYPERLINK("http://x")' }), 201);
    const { text, rows } = await exportCsv(t, a, 'site/products', { q: 'F-1' });
    expect(rows[1][rows[0].indexOf('Name')]).toBe(`'=HYPERLINK("http://x")`);
    const job = await runImport(t, a, 'site/products', text, { key: 'id' });
    expect(job).toMatchObject({ status: 'done', unchanged: 1, updated: 0, failed: 0 });
    const edited = text.replace(`'=HYPERLINK(""http://x"")`, `'=SUM(1)`);
    expect(edited).not.toBe(text);
    const again = await runImport(t, a, 'site/products', edited, { key: 'id' });
    expect(again).toMatchObject({ status: 'done', updated: 1, failed: 0 });
    expect((await getProduct(a, created.id)).name).toBe('=SUM(1)');
    await api('DELETE', `site/products/${created.id}`);
  });

  it('refuses a bad filter with a 400 before sending anything', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/site/products/export.csv', query: { status: 'nope' }, as: a });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
  });

  it("shows none of another community's records", async () => {
    const { rows } = await exportCsv(t, b, 'site/products');
    expect(rows).toHaveLength(1);
  });
});

describe('POST /api/v1/<resource>/import', () => {
  it('round trip: importing the export with one price edited changes exactly that record', async () => {
    const before = await Promise.all(ids.map((id) => getProduct(a, id)));
    const { rows } = await exportCsv(t, a, 'site/products');
    const header = rows[0];
    const variants = header.indexOf('Variants');
    const edited = rows.map((r, i) =>
      i > 0 && r[header.indexOf('ID')] === ids[0] ? r.with(variants, r[variants].replace('10', '12.5')) : r,
    );
    const job = await runImport(t, a, 'site/products', stringify(edited));
    expect(job).toMatchObject({ status: 'done', totalRows: 3, processed: 3, created: 0, updated: 1, unchanged: 2, failed: 0 });
    const after = await Promise.all(ids.map((id) => getProduct(a, id)));
    expect(after[0].variants).toEqual([{ code: 'CSV-1-A', finish: 'Matt', price: 12.5, available: true }]);
    expect({ ...after[0], variants: null, updatedAt: null }).toEqual({ ...before[0], variants: null, updatedAt: null });
    expect(after.slice(1)).toEqual(before.slice(1));
    const audit = await t.request({ method: 'GET', url: '/api/v1/ops/audit-log', query: { recordId: ids[0], action: 'update' }, as: a });
    expect(audit.json().data).toHaveLength(1);
  });

  it('previews the mapping (by label or key) and the first rows with their errors, writing nothing', async () => {
    const csv = stringify([
      ['code', 'Name', 'Status', 'Category', 'Colour of the box'],
      ['NEW-1', 'New tile', 'Published', 'Floor tiles', 'red'],
      ['NEW-2', 'Bad tile', 'sold out', 'No such category', 'blue'],
    ]);
    const res = await postImport(t, a, 'site/products', csv);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.mapping).toEqual({ code: 'code', Name: 'name', Status: 'status', Category: 'categoryId' });
    expect(body.key).toBe('code');
    expect(body.totalRows).toBe(2);
    expect(body.rows[0]).toMatchObject({ row: 2, action: 'create', errors: {} });
    expect(body.rows[1].action).toBe('error');
    expect(body.rows[1].errors.status).toMatch(/Expected one of: Draft, Published/);
    expect(body.rows[1].errors.categoryId).toBe('No category named “No such category”');
    const list = await t.request({ method: 'GET', url: '/api/v1/site/products', query: { q: 'NEW-' }, as: a });
    expect(list.json().total).toBe(0);
  });

  it('imports the good rows and reports the bad ones (not lost), downloadable as CSV', async () => {
    const csv = stringify([
      ['Code', 'Name', 'Status', 'Sort order', 'Category'],
      ['IMP-1', 'Imported one', 'draft', '5', 'floor tiles'],
      ['IMP-2', 'Imported two', 'Published', 'five', ''],
      ['IMP-3', '', 'draft', '1', ''],
      ['IMP-4', 'Imported four', 'published', '7', ''],
    ]);
    const job = await runImport(t, a, 'site/products', csv, { key: 'code' });
    expect(job).toMatchObject({ status: 'done', totalRows: 4, created: 2, updated: 0, failed: 2 });
    expect(job.errors.map((e) => e.row)).toEqual([3, 4]);
    expect(job.errors[0].message).toBe('Sort order: Expected a number');
    expect(job.errors[1].message).toMatch(/^Name: /);
    const listed = await t.request({ method: 'GET', url: '/api/v1/site/products', query: { q: 'IMP-', sort: 'code' }, as: a });
    const created = listed.json().data;
    expect(created.map((p: { code: string }) => p.code)).toEqual(['IMP-1', 'IMP-4']);
    expect(created[0]).toMatchObject({ status: 'draft', sortOrder: 5, categoryId });

    const report = await t.request({ method: 'GET', url: `/api/v1/site/products/import/${job.id}/errors.csv`, as: a });
    expect(report.statusCode, report.body).toBe(200);
    const lines = parse(report.body, { bom: true }) as string[][];
    expect(lines[0]).toEqual(['Row', 'Error', 'Code', 'Name', 'Status', 'Sort order', 'Category']);
    expect(lines.slice(1).map((l) => [l[0], l[2]])).toEqual([
      ['3', 'IMP-2'],
      ['4', 'IMP-3'],
    ]);

    // Fixed and imported again, the same file (by code) creates the rest and leaves the others alone.
    const fixed = stringify([
      lines[0].slice(2),
      ['IMP-2', 'Imported two', 'Published', '6', ''],
      ['IMP-1', 'Imported one', 'draft', '5', 'Floor tiles'],
    ]);
    const again = await runImport(t, a, 'site/products', fixed, { key: 'code' });
    expect(again).toMatchObject({ status: 'done', created: 1, unchanged: 1, failed: 0 });
  });

  it("refuses another community's ids and relations, leaving its records untouched", async () => {
    const foreign = await t.request({ method: 'POST', url: '/api/v1/site/products', as: b, payload: { code: 'B-1', name: 'Theirs' } });
    expect(foreign.statusCode, foreign.body).toBe(201);
    const theirs = foreign.json().data;
    const csv = stringify([
      ['ID', 'Code', 'Name', 'Category'],
      [theirs.id, 'B-1', 'Taken over', ''],
      [randomUUID(), 'GHOST', 'Ghost', ''],
      ['', 'OK-1', 'Fine', categoryId],
    ]);
    const job = await runImport(t, a, 'site/products', csv, { key: 'id' });
    expect(job).toMatchObject({ status: 'done', created: 1, updated: 0, failed: 2 });
    expect(job.errors.map((e) => e.fields)).toEqual([
      { id: 'No product with this ID in this community' },
      { id: 'No product with this ID in this community' },
    ]);
    expect(await getProduct(b, theirs.id)).toEqual(theirs);
    const bCategory = await t.request({ method: 'POST', url: '/api/v1/site/product-categories', as: b, payload: { name: 'Their tiles' } });
    const byForeignCategory = await postImport(
      t,
      a,
      'site/products',
      stringify([
        ['Code', 'Name', 'Category'],
        ['X-9', 'X', bCategory.json().data.id],
      ]),
    );
    expect(byForeignCategory.json().rows[0].errors).toEqual({ categoryId: expect.stringMatching(/^No category named/) });
  });

  it('refuses a bad mapping, a file that is not CSV, and progress of another community', async () => {
    const bad = await postImport(t, a, 'site/products', 'Code,Name\nA,B\n', { mapping: { Code: 'noSuchField' } });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().error.fields).toEqual({ 'mapping.Code': 'No field of this list can be imported under this name' });
    const binary = await postImport(t, a, 'site/products', '\u0000\u0001PK');
    expect(binary.statusCode, binary.body).toBe(415);
    const broken = await postImport(t, a, 'site/products', 'Code,Name\n"unterminated,B\n');
    expect(broken.statusCode, broken.body).toBe(400);
    expect(broken.json().error.code).toBe('invalid_csv');
    const job = await runImport(t, a, 'site/products', 'Code,Name\nPROG-1,Progress\n', { key: 'code' });
    const peek = await t.request({ method: 'GET', url: `/api/v1/site/products/import/${job.id}`, as: b });
    expect(peek.statusCode, peek.body).toBe(404);
  });

  it('is refused without write permission; export needs read', async () => {
    const reader = await signedInAdmin(t, a, { site: 'read' });
    const denied = await postImport(t, reader, 'site/products', 'Code,Name\nR-1,Reader\n', { mode: 'run' });
    expect(denied.statusCode, denied.body).toBe(403);
    await exportCsv(t, reader, 'site/products');
    const none = await signedInAdmin(t, a, {});
    const res = await t.request({ method: 'GET', url: '/api/v1/site/products/export.csv', as: none });
    expect(res.statusCode, res.body).toBe(403);
  });
});
