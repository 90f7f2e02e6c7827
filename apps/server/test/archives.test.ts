import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_READERS, checkZipBounds, readArchive } from '../src/kernel/archives';
import { postImport } from './csv-helpers';
import { startTestApp, type TestApp, type TestCommunity } from './helpers';
import { sharedStrings, sheetNaming, workbookParts, zipOf } from './zip-helpers';

// Issue 22, finding 2: an archive an upload brings is counted as it inflates (capped in total, per
// entry, for the shared strings table and by ratio: a 4xx before anything holds it), and parsed in a
// worker under heap limits, so what still takes too much memory ends the worker, not the server.

const MB = 1024 * 1024;
const xlsx = ARCHIVE_READERS['xlsx-csv'].limits;

/** `size` bytes of shared strings, all the same short text: what a bomb repeats. */
const repeatedStrings = (size: number) => {
  const item = Buffer.from('<si><t>x</t></si>'.repeat(64 * 1024));
  return Array.from({ length: Math.ceil(size / item.length) }, () => item);
};

/** Reads a whole archive through its reader: its output, or the error it ends with. */
async function readAll(archive: Buffer, options: Partial<Parameters<typeof readArchive>[2]> = {}) {
  const out = readArchive('xlsx-csv', Readable.from([archive]), { maxRows: 1000, maxArchiveBytes: 64 * MB, ...options });
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of out) chunks.push(chunk as Buffer);
    return { csv: Buffer.concat(chunks).toString('utf8'), error: null };
  } catch (error) {
    return { csv: null, error: error as { status?: number; code?: string; message: string } };
  }
}

describe('archive bounds', () => {
  it('reads a workbook within the bounds in the worker', async () => {
    const items = ['Name', 'Ada', 'Grace'].map((s) => `<si><t>${s}</t></si>`).join('');
    const book = zipOf([...workbookParts(), sharedStrings([Buffer.from(items)]), sheetNaming(3)]);
    expect(await readAll(book)).toEqual({ csv: 'Name\nAda\nGrace\n', error: null });
  });

  it('refuses a shared strings table past its cap, and any entry past the ratio, before a reader opens it', async () => {
    // 40 MB of shared strings in a file of some 40 KB: past the table's cap (and the ratio).
    const bomb = zipOf([...workbookParts(), sharedStrings(repeatedStrings(40 * MB)), sheetNaming(1)]);
    expect(bomb.length).toBeLessThan(MB);
    await expect(checkZipBounds(bomb, xlsx)).rejects.toMatchObject({ status: 413, code: 'archive_too_large' });
    // 2 MB of zeros in a 2 KB entry: under every size cap, but no document compresses 1000 times.
    const ratio = zipOf([...workbookParts(), { name: 'xl/media/image1.png', content: Buffer.alloc(2 * MB) }]);
    await expect(checkZipBounds(ratio, xlsx)).rejects.toMatchObject({ status: 413, message: expect.stringContaining('zip bomb') });
    // The same bytes stored (not compressed) are a plain 2 MB file: fine.
    await expect(
      checkZipBounds(zipOf([{ name: 'xl/media/image1.png', content: Buffer.alloc(2 * MB), stored: true }]), xlsx),
    ).resolves.toBeUndefined();
    // The total counts every entry: many entries each under the caps.
    const many = zipOf(Array.from({ length: 4 }, (_, i) => ({ name: `part${i}.xml`, content: Buffer.alloc(2 * MB), stored: true })));
    await expect(checkZipBounds(many, { ...xlsx, maxTotalBytes: 7 * MB })).rejects.toMatchObject({ status: 413 });
    await expect(checkZipBounds(Buffer.from('PK\u0003\u0004 not really a zip'), xlsx)).rejects.toMatchObject({ status: 400 });
  });

  it('ends the worker, not the server, when parsing takes more memory than the worker has', async () => {
    // 24 MB of distinct shared strings, stored: within every count, but more than a 32 MB heap holds.
    const items = Array.from({ length: 24 }, (_, chunk) =>
      Buffer.from(Array.from({ length: 40_000 }, (_, i) => `<si><t>s${chunk}-${i}-${'y'.repeat(8)}</t></si>`).join('')),
    );
    const book = zipOf([...workbookParts(), sharedStrings(items, true), sheetNaming(1)]);
    const small = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4, stackSizeMb: 4 };
    // The small heap reads a small workbook: what ends the worker below is the table, not the reader's code.
    const tiny = zipOf([...workbookParts(), sharedStrings([Buffer.from('<si><t>fits</t></si>')]), sheetNaming(1)]);
    expect(await readAll(tiny, { resourceLimits: small })).toEqual({ csv: 'fits\n', error: null });
    const { error } = await readAll(book, { resourceLimits: small });
    expect(error).toMatchObject({ status: 413, code: 'archive_too_large' });
    // The process lives on, and the next workbook reads.
    expect((await readAll(zipOf([...workbookParts(), sharedStrings([Buffer.from('<si><t>ok</t></si>')]), sheetNaming(1)]))).csv).toBe(
      'ok\n',
    );
  });
});

describe('an XLSX import that is a zip bomb', () => {
  let t: TestApp;
  let c: TestCommunity;
  beforeAll(async () => {
    t = await startTestApp();
    c = await t.signup();
  });
  afterAll(() => t.close());

  it('is a 413 and stores nothing; the server answers on', async () => {
    const bomb = zipOf([...workbookParts(), sharedStrings(repeatedStrings(64 * MB)), sheetNaming(1)]);
    const started = Date.now();
    const res = await postImport(t, c, 'marketing/contacts', bomb, { filename: 'contacts.xlsx' });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error.code).toBe('archive_too_large');
    expect(Date.now() - started).toBeLessThan(10_000);
    const jobs = await t.app.db.query<{ n: number }>('select count(*)::int as n from import_jobs');
    expect(jobs[0].n).toBe(0);
    expect((await t.request({ method: 'GET', url: '/api/v1/marketing/contacts?limit=1', as: c })).statusCode).toBe(200);
  });
});
