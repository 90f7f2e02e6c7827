import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sweepImports } from '../src/kernel/lists/import-job';
import { type ImportFields, importFileReleased, importFinished, postImport } from './csv-helpers';
import { startTestApp, type TestCommunity } from './helpers';

/**
 * Where an import's file lives (the resource kit, on products): streamed to storage at upload, only
 * its key on the import, read back by the job, deleted when the import ends or by the sweep.
 */

const MAX_BYTES = 256 * 1024;
const t = await startTestApp({ maxUploadBytes: MAX_BYTES });
let a: TestCommunity;
const base = '/api/v1/site/products/import';

beforeAll(async () => {
  a = await t.signup();
});
afterAll(() => t.close());

const path = 'site/products';
const post = (fields: ImportFields, file?: string | Buffer) => postImport(t, a, path, file, { filename: 'products.csv', ...fields });

const fileAt = (key: string) => join(t.config.dataDir, 'files', key);
const storedImports = () => readdir(join(t.config.dataDir, 'files', a.tenantId, 'imports')).catch(() => [] as string[]);
const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

async function importRow(id: string) {
  const [row] = await t.app.db.query<{ status: string; storage_key: string | null; headers: string[]; size: number }>(
    'select status, storage_key, headers, pg_column_size(j.*) as size from import_jobs j where tenant_id = $1 and id = $2',
    [a.tenantId, id],
  );
  return row;
}

const finished = (id: string) => importFinished(t, a, path, id, 30_000);
/** The import once it has ended: its end recorded, then (its last step) its file deleted and its key forgotten. */
async function ended(id: string) {
  const job = await finished(id);
  await importFileReleased(t, id);
  return job;
}

/** A products CSV of `n` rows with long names (so the file is much larger than an import record). */
function productsCsv(prefix: string, n: number, bad: number[] = []) {
  const rows = [['Code', 'Name', 'Sort order']];
  for (let i = 0; i < n; i++)
    rows.push([`${prefix}-${i}`, `Product ${i} ${'of a rather long name '.repeat(6)}`, bad.includes(i) ? 'many' : String(i)]);
  return stringify(rows);
}

describe('import files in storage', () => {
  it('streams the upload to storage, keeps only its key on the import, and deletes the file when the import ends', async () => {
    const csv = productsCsv('ST', 120, [7, 60]);
    const preview = await post({ mode: 'preview', key: 'code' }, csv);
    expect(preview.statusCode, preview.body).toBe(200);
    const { upload, totalRows } = preview.json();
    expect(totalRows).toBe(120);

    // The bytes are in storage under the import's key; the record holds the key, not the file.
    const row = await importRow(upload);
    expect(row).toMatchObject({
      status: 'uploaded',
      storage_key: `${a.tenantId}/imports/${upload}`,
      headers: ['Code', 'Name', 'Sort order'],
    });
    expect(await readFile(fileAt(row!.storage_key!), 'utf8')).toBe(csv);
    expect(csv.length).toBeGreaterThan(15_000);
    expect(row!.size).toBeLessThan(2_000);

    // The run names the upload (the file is not sent again); the job's payload is two ids.
    const send = vi.spyOn(t.app.jobs, 'send');
    const started = await post({ mode: 'run', upload, key: 'code' });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().data.id).toBe(upload);
    expect(send.mock.calls.map(([, data]) => data)).toEqual([{ tenantId: a.tenantId, jobId: upload }]);
    send.mockRestore();

    const job = await ended(upload);
    expect(job).toMatchObject({ status: 'done', totalRows: 120, processed: 120, created: 118, failed: 2 });
    expect(await exists(fileAt(row!.storage_key!))).toBe(false);
    expect((await importRow(upload))!.storage_key).toBeNull();

    // The error report still has the refused rows' cells, the file being gone.
    const report = await t.request({ method: 'GET', url: `${base}/${upload}/errors.csv`, as: a });
    const lines = parse(report.body, { bom: true }) as string[][];
    expect(lines.map((l) => [l[0], l[2], l[4]])).toEqual([
      ['Row', 'Code', 'Sort order'],
      ['9', 'ST-7', 'many'],
      ['62', 'ST-60', 'many'],
    ]);

    // An upload runs once.
    const again = await post({ mode: 'run', upload, key: 'code' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.code).toBe('import_started');
  });

  it("a preview of a stored upload reads only the file's head", async () => {
    const first = await post({ mode: 'preview', key: 'code' }, productsCsv('HD', 30));
    const { upload } = first.json();
    const key = (await importRow(upload))!.storage_key!;
    // The stored file now breaks after its first rows: a preview never gets there, the run does.
    const head = productsCsv('HD', 12);
    await writeFile(fileAt(key), `${head}"HD-99,"unterminated\n${'x,y,z\n'.repeat(1_000)}`);
    const preview = await post({ mode: 'preview', upload, key: '', mapping: { Code: 'code', Name: 'name' } });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ upload, totalRows: 30, key: null, mapping: { Code: 'code', Name: 'name' } });
    expect(preview.json().rows).toHaveLength(10);

    const started = await post({ mode: 'run', upload, key: 'code' });
    expect(started.statusCode, started.body).toBe(202);
    const job = await ended(upload);
    expect(job.status).toBe('failed');
    expect(job.message).toMatch(/^The file is not valid CSV/);
    expect(await exists(fileAt(key))).toBe(false);
  });

  it('keeps nothing of a refused upload: not CSV, broken CSV, too large, a bad mapping, an unknown upload', async () => {
    const before = await storedImports();
    const binary = await post({ mode: 'preview' }, Buffer.from([0x43, 0x6f, 0x64, 0x65, 0x0a, 0x00, 0x01, 0x02]));
    expect(binary.statusCode, binary.body).toBe(415);
    const broken = await post({ mode: 'run' }, 'Code,Name\n"unterminated,B\n');
    expect(broken.statusCode, broken.body).toBe(400);
    expect(broken.json().error.code).toBe('invalid_csv');
    const large = await post({ mode: 'preview' }, productsCsv('BIG', 2_000));
    expect(large.statusCode, large.body).toBe(413);
    const mapping = await post({ mode: 'run', mapping: { Code: 'noSuchField' } }, productsCsv('MAP', 5));
    expect(mapping.statusCode, mapping.body).toBe(400);
    expect(await storedImports()).toEqual(before);

    const unknown = await post({ mode: 'run', upload: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode, unknown.body).toBe(404);
    const both = await post({ mode: 'run', upload: '00000000-0000-4000-8000-000000000000' }, productsCsv('BOTH', 1));
    expect(both.statusCode, both.body).toBe(400);
    expect(Object.keys(both.json().error.fields)).toEqual(['upload']);
    const none = await post({ mode: 'run' });
    expect(none.statusCode, none.body).toBe(400);
    expect(await storedImports()).toEqual(before);
  });

  it('the sweep deletes uploads never run, the files of ended or stalled imports, and imports past their retention', async () => {
    const upload = async (prefix: string) => (await post({ mode: 'preview', key: 'code' }, productsCsv(prefix, 3))).json().upload as string;
    const stale = await upload('SW1');
    const fresh = await upload('SW2');
    const stalled = await upload('SW3');
    const leftover = await upload('SW4');
    const oldJob = (await post({ mode: 'run', key: 'code' }, productsCsv('SW5', 3))).json().data.id as string;
    expect((await finished(oldJob)).status).toBe('done');
    const keys = Object.fromEntries(
      await Promise.all([stale, fresh, stalled, leftover].map(async (id) => [id, (await importRow(id))!.storage_key!] as const)),
    );
    const q = (text: string, id: string) => t.app.db.query(text, [a.tenantId, id]);
    await q(`update import_jobs set created_at = now() - interval '25 hours' where tenant_id = $1 and id = $2`, stale);
    await q(
      `update import_jobs set status = 'running', updated_at = now() - interval '25 hours' where tenant_id = $1 and id = $2`,
      stalled,
    );
    // An ended import whose file could not be deleted then.
    await q(`update import_jobs set status = 'done', finished_at = now() where tenant_id = $1 and id = $2`, leftover);
    await q(`update import_jobs set finished_at = now() - interval '91 days' where tenant_id = $1 and id = $2`, oldJob);

    expect(await sweepImports(t.app)).toEqual({ deleted: 2, stalled: 1, filesRemoved: 3 });
    expect(await importRow(stale)).toBeUndefined();
    expect(await importRow(oldJob)).toBeUndefined();
    expect(await importRow(stalled)).toMatchObject({ status: 'failed', storage_key: null });
    expect(await importRow(leftover)).toMatchObject({ status: 'done', storage_key: null });
    expect(await importRow(fresh)).toMatchObject({ status: 'uploaded', storage_key: keys[fresh] });
    expect(await exists(fileAt(keys[stale]!))).toBe(false);
    expect(await exists(fileAt(keys[stalled]!))).toBe(false);
    expect(await exists(fileAt(keys[leftover]!))).toBe(false);
    expect(await exists(fileAt(keys[fresh]!))).toBe(true);
    const progress = (await t.request({ method: 'GET', url: `${base}/${stalled}`, as: a })).json().data;
    expect(progress.message).toMatch(/stopped/);
    // Nothing is left to do.
    expect(await sweepImports(t.app)).toEqual({ deleted: 0, stalled: 0, filesRemoved: 0 });
  });
});
