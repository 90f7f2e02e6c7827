import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type ImportFields, postImport, runImport } from './csv-helpers';
import { appWith } from './helpers';

/** The contacts import: the kit's import (CSV or XLSX, mapping, job, error report) with the contacts' batch merge. */
const [t, c] = await appWith(1, { maxUploadBytes: 20 * 1024 * 1024 });
const path = 'marketing/contacts';
const base = `/api/v1/${path}`;

const upload = (file: Buffer | string, fields: ImportFields) => postImport(t, c, path, file, { filename: 'contacts.csv', ...fields });
// 60 s: one case streams 10,000 rows.
const runContactsImport = (file: Buffer | string, fields: Omit<ImportFields, 'mode' | 'upload'> = {}) =>
  runImport(t, c, path, file, { filename: 'contacts.csv', ...fields }, 60_000);

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

    const job = await runContactsImport(csv, { mapping, options: { addTags: ['imported'], consent: { email: 'opted_in' } } });
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
    const skipped = await runContactsImport(csv, { options: { existing: 'skip', consent: { email: 'opted_in' } } });
    expect(skipped).toMatchObject({ created: 0, updated: 0, unchanged: 2, failed: 0 });
    expect((await contactBy('keep@'))[0].name).toBe('Old Name');

    const updated = await runContactsImport(csv, {
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
    // Stored as the CSV of its first sheet (what the job and the error report read).
    const stored = await readFile(join(t.config.dataDir, 'files', c.tenantId, 'imports', preview.json().upload), 'utf8');
    expect(stored.split('\n')[0]).toBe('Name,Email,Phone,Country,Last activity');
    expect(preview.json().mapping).toMatchObject({
      Name: 'name',
      Email: 'email',
      Phone: 'phone',
      Country: 'country',
      'Last activity': 'lastActivityAt',
    });
    const job = await runContactsImport(bytes, { filename: 'contacts.xlsx', mapping: preview.json().mapping });
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
    const job = await runContactsImport(lines.join('\n'));
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

  it('a large file across many batches: duplicates within and across batches, existing contacts, refused rows, consent events', async () => {
    const N = 30_000;
    const old = [];
    for (let k = 0; k < 20; k++) {
      const res = await t.request({
        method: 'POST',
        url: base,
        as: c,
        payload: { name: `Old ${k}`, email: `old${k}@large.example`, tags: ['old'] },
      });
      expect(res.statusCode, res.body).toBe(201);
      old.push(res.json().data);
    }
    const countEvents = async () =>
      (
        (await t.app.db.withTenant(c.tenantId, (tx) =>
          tx.execute(sql`select count(*)::int as n from marketing_consent_events where source = 'import'`),
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    const eventsBefore = await countEvents();
    const phone = (i: number) => `+4477${String(i).padStart(8, '0')}`;
    const lines = ['name,email,phone,country,tags'];
    for (let i = 0; i < N; i++) {
      const m = i % 1000;
      if (m === 999) {
        // The email of a contact created earlier: in this batch (i < 6,001) or one before it.
        const target = i >= 6_001 ? i - 6_001 : i - 501;
        lines.push(`P ${target} again,p${target}@large.example,,GB,dup`);
      } else if (m === 500) lines.push(`Bad ${i},p${i}@large.example,12,GB,large`);
      else if (m === 250) lines.push(`Phone only ${i},,${phone(i)},GB,large`);
      else if (m === 251) lines.push(`Phone again ${i},,${phone(i - 1)},GB,large`);
      else if (i % 1_500 === 10) lines.push(`Old again ${(i - 10) / 1_500},old${(i - 10) / 1_500}@large.example,${phone(i)},GB,large`);
      else lines.push(`P ${i},p${i}@large.example,${phone(i)},GB,large`);
    }
    const job = await runContactsImport(lines.join('\n'), { options: { addTags: ['imported'], consent: { email: 'opted_in' } } });
    expect(job, JSON.stringify(job.errors.slice(0, 3))).toMatchObject({
      status: 'done',
      totalRows: N,
      processed: N,
      created: N - 110,
      updated: 80,
      unchanged: 0,
      failed: 30,
    });
    expect(job.errors.map((e) => e.row)).toEqual(Array.from({ length: 30 }, (_, k) => k * 1_000 + 502));
    expect(job.errors.every((e) => Object.keys(e.fields ?? {}).join() === 'phone')).toBe(true);

    const counted = (await t.app.db.withTenant(c.tenantId, (tx) =>
      tx.execute(sql`select
          count(*) filter (where email like '%@large.example')::int as emails,
          count(*) filter (where name like 'Phone %')::int as phones,
          count(distinct phone) filter (where email like '%@large.example')::int as distinct_phones
        from marketing_contacts`),
    )) as unknown as { rows: { emails: number; phones: number; distinct_phones: number }[] };
    // Every contact with an email has its own phone (the existing ones took theirs from the file).
    expect(counted.rows[0]).toEqual({ emails: N - 110 - 30 + 20, phones: 30, distinct_phones: N - 110 - 30 + 20 });
    // One opt-in event per new contact, and one per existing contact whose consent changed.
    expect((await countEvents()) - eventsBefore).toBe(N - 110 + 20);

    const [merged] = await contactBy('p23998@large.example');
    expect(merged).toMatchObject({ name: 'P 23998 again', phone: phone(23_998), emailConsent: 'opted_in' });
    expect(merged.tags.sort()).toEqual(['dup', 'imported', 'large']);
    const [phoneOnly] = await contactBy(phone(7_250));
    expect(phoneOnly).toMatchObject({ name: 'Phone again 7251', email: null, phone: phone(7_250) });
    const [oldOne] = await contactBy('old13@large.example');
    expect(oldOne).toMatchObject({ id: old[13].id, name: 'Old again 13', phone: phone(13 * 1_500 + 10), emailConsent: 'opted_in' });
    expect(oldOne.tags.sort()).toEqual(['imported', 'large', 'old']);

    const report = await t.request({ method: 'GET', url: `${base}/import/${job.id}/errors.csv`, as: c });
    const rows = parse(report.body, { bom: true }) as string[][];
    expect(rows).toHaveLength(31);
    expect(rows[1]).toEqual([
      '502',
      'Phone: Enter a phone number with its country code, e.g. +91 98450 12345',
      'Bad 500',
      'p500@large.example',
      '12',
      'GB',
      'large',
    ]);
  }, 120_000);

  it('refuses options the list does not take', async () => {
    const res = await upload('email\na@example.com\n', { mode: 'run', options: { existing: 'merge-all' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(['options.existing']);
  });
});
