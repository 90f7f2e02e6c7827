import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipart, startTestApp, type TestApp, type TestCommunity } from './helpers';

/** The contacts import: the kit's import (CSV or XLSX, mapping, job, error report) with the contacts' batch merge. */
let t: TestApp;
let c: TestCommunity;
const base = '/api/v1/marketing/contacts';

beforeAll(async () => {
  t = await startTestApp({ maxUploadBytes: 20 * 1024 * 1024 });
  c = await t.signup();
});
afterAll(() => t.close());

interface Job {
  id: string;
  status: string;
  totalRows: number;
  processed: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  errors: { row: number; message: string; fields?: Record<string, string> }[];
}

function upload(
  file: Buffer | string,
  fields: { mode: 'preview' | 'run'; mapping?: Record<string, string>; options?: unknown; filename?: string },
) {
  const body = multipart([
    { field: 'mode', data: fields.mode },
    ...(fields.mapping ? [{ field: 'mapping', data: JSON.stringify(fields.mapping) }] : []),
    ...(fields.options ? [{ field: 'options', data: JSON.stringify(fields.options) }] : []),
    { field: 'file', filename: fields.filename ?? 'contacts.csv', data: file },
  ]);
  return t.request({ method: 'POST', url: `${base}/import`, as: c, ...body });
}

async function runImport(
  file: Buffer | string,
  fields: { mapping?: Record<string, string>; options?: unknown; filename?: string } = {},
): Promise<Job> {
  const started = await upload(file, { ...fields, mode: 'run' });
  expect(started.statusCode, started.body).toBe(202);
  const id = started.json().data.id as string;
  return vi.waitFor(
    async () => {
      const job = (await t.request({ method: 'GET', url: `${base}/import/${id}`, as: c })).json().data as Job;
      expect(['done', 'failed']).toContain(job.status);
      return job;
    },
    { timeout: 60_000, interval: 100 },
  );
}

const contactBy = async (q: string) => (await t.request({ method: 'GET', url: `${base}?q=${encodeURIComponent(q)}`, as: c })).json().data;

describe('contacts import', () => {
  it('previews the mapping, lands the good rows, merges duplicates in the file and reports bad rows as CSV', async () => {
    const csv = [
      'Full name,E-mail,Mobile,Country,Tags,Plan',
      'Asha Menon,asha@example.com,98450 12345,IN,architect,',
      'Bad Email,not-an-email,,IN,,',
      'Bad Phone,badphone@example.com,12,IN,,',
      'Asha M.,ASHA@example.com,,IN,vip,',
      'Only Phone,,+44 7700 900777,GB,,',
      'Nobody,,,,,',
    ].join('\n');
    const mapping = { 'Full name': 'name', 'E-mail': 'email', Mobile: 'phone', Country: 'country', Tags: 'tags' };
    const preview = await upload(csv, { mode: 'preview', mapping });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ totalRows: 6, headers: ['Full name', 'E-mail', 'Mobile', 'Country', 'Tags', 'Plan'] });

    const job = await runImport(csv, { mapping, options: { addTags: ['imported'], consent: { email: 'opted_in' } } });
    expect(job).toMatchObject({ status: 'done', totalRows: 6, processed: 6, created: 2, updated: 1, failed: 3 });
    expect(job.errors.map((e) => e.row)).toEqual([3, 4, 7]);
    expect(job.errors[0]!.fields).toHaveProperty('email');
    expect(job.errors[1]!.fields).toHaveProperty('phone');

    const [asha] = await contactBy('asha@');
    expect(asha).toMatchObject({ name: 'Asha M.', phone: '+919845012345', source: 'import', emailConsent: 'opted_in' });
    expect(asha.tags.sort()).toEqual(['architect', 'imported', 'vip']);
    const events = (await t.request({ method: 'GET', url: `/api/v1/marketing/consent-events?contactId=${asha.id}`, as: c })).json().data;
    expect(events).toMatchObject([{ channel: 'email', status: 'opted_in', source: 'import' }]);

    const report = await t.request({ method: 'GET', url: `${base}/import/${job.id}/errors.csv`, as: c });
    expect(report.statusCode).toBe(200);
    const rows = parse(report.body, { bom: true }) as string[][];
    expect(rows.map((r) => r[0])).toEqual(['Row', '3', '4', '7']);
    expect(rows[1]![3]).toBe('not-an-email');
  });

  it('against existing contacts: updates them, or skips them, matching by email then phone; never opts a suppressed address in', async () => {
    const existing = (
      await t.request({
        method: 'POST',
        url: base,
        as: c,
        payload: { name: 'Old Name', email: 'keep@example.com', phone: '+33 6 12 34 56 78', tags: ['old'] },
      })
    ).json().data;
    await t.request({
      method: 'POST',
      url: '/api/v1/marketing/suppressions',
      as: c,
      payload: { channel: 'email', address: 'keep@example.com', reason: 'complained' },
    });
    const csv = 'name,phone,email\nNew Name,+33612345678,\nOther,,keep@example.com\n';
    const skipped = await runImport(csv, { options: { existing: 'skip', consent: { email: 'opted_in' } } });
    expect(skipped).toMatchObject({ created: 0, updated: 0, unchanged: 2, failed: 0 });
    expect((await contactBy('keep@'))[0].name).toBe('Old Name');

    const updated = await runImport(csv, {
      options: { existing: 'update', addTags: ['fr'], consent: { email: 'opted_in', sms: 'opted_in' } },
    });
    expect(updated).toMatchObject({ created: 0, updated: 2, failed: 0 });
    const [after] = await contactBy('keep@');
    expect(after).toMatchObject({ id: existing.id, name: 'Other', emailConsent: 'unknown', smsConsent: 'opted_in' });
    expect(after.tags.sort()).toEqual(['fr', 'old']);
  });

  it('reads an XLSX workbook (first sheet) like a CSV', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Contacts');
    sheet.addRow(['Name', 'Email', 'Phone', 'Country', 'Last activity']);
    sheet.addRow(['Hannah Weber', 'hannah@example.de', '0151 23456780', 'DE', new Date('2026-05-01T10:00:00Z')]);
    sheet.addRow(['Jonas Fischer', 'jonas@example.de', { formula: '"+49"&"15123456781"', result: '+4915123456781' }, 'DE', null]);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const preview = await upload(bytes, { mode: 'preview', filename: 'contacts.xlsx' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().mapping).toMatchObject({
      Name: 'name',
      Email: 'email',
      Phone: 'phone',
      Country: 'country',
      'Last activity': 'lastActivityAt',
    });
    const job = await runImport(bytes, { filename: 'contacts.xlsx', mapping: preview.json().mapping });
    expect(job, JSON.stringify(job.errors)).toMatchObject({ status: 'done', created: 2, failed: 0 });
    const [hannah] = await contactBy('hannah@');
    expect(hannah).toMatchObject({ phone: '+4915123456780', lastActivityAt: '2026-05-01T10:00:00.000Z' });
    expect((await contactBy('jonas@'))[0].phone).toBe('+4915123456781');
  });

  it('streams 10,000 rows (some duplicates of each other) in batches', async () => {
    const lines = ['name,email,phone,country'];
    for (let i = 0; i < 10_000; i++) {
      const n = i % 9_500; // the last 500 rows repeat earlier ones
      lines.push(`Person ${n},person${n}@bulk.example,+9198${String(10_000_000 + n).padStart(8, '0')},IN`);
    }
    const started = Date.now();
    const job = await runImport(lines.join('\n'));
    const seconds = (Date.now() - started) / 1000;
    expect(job).toMatchObject({
      status: 'done',
      totalRows: 10_000,
      processed: 10_000,
      created: 9_500,
      updated: 0,
      unchanged: 500,
      failed: 0,
    });
    const counted = (await t.app.db.withTenant(c.tenantId, (tx) =>
      tx.execute(
        sql`select count(*)::int as n, count(distinct phone)::int as phones from marketing_contacts where email like '%@bulk.example'`,
      ),
    )) as unknown as { rows: { n: number; phones: number }[] };
    expect(counted.rows[0]).toEqual({ n: 9_500, phones: 9_500 });
    expect(seconds).toBeLessThan(30);
  }, 60_000);

  it('refuses options the list does not take', async () => {
    const res = await upload('email\na@example.com\n', { mode: 'run', options: { existing: 'merge-all' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(['options.existing']);
  });
});
