import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { ArchiveRefused } from './refused.ts';

// The first worksheet of an XLSX workbook as CSV text, read with exceljs's streaming reader: rows
// become CSV lines as they come, so an import then treats the workbook as any CSV upload. Runs in
// the archive worker, after the workbook's inflation was counted (zip-bounds.ts); self-contained
// for the same reason (packages and sibling files by their .ts name only).
//
// What it holds: the workbook's shared strings table (each distinct text once, bounded by the cap on
// xl/sharedStrings.xml), and a worksheet stored before that table is spooled to a temporary file
// until the table is read. The rows themselves are never held.

/** CSV lines are handed on in chunks of about this many bytes. */
const CHUNK = 64 * 1024;

/** The CSV of the first worksheet, in chunks; refuses more than `maxRows` rows as soon as it reads one more. */
export async function* xlsxCsvChunks(workbook: Buffer, options: { maxRows: number }): AsyncGenerator<Buffer> {
  const { maxRows } = options;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([workbook]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache', // needed to tell a date cell from a number
    worksheets: 'emit',
    entries: 'emit',
  });
  let lines = 0;
  let width = 0;
  let pending: string[] = [];
  let size = 0;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as unknown[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        // Rows are numbered in the sheet: a skipped (empty) row stays out, as in a CSV.
        if (cells.every((c) => c === '')) continue;
        if (lines === 0) width = cells.length;
        if (lines > maxRows)
          throw new ArchiveRefused(400, 'too_many_rows', `An import takes at most ${maxRows.toLocaleString('en')} rows: split the file`);
        while (cells.length < width) cells.push('');
        const line = stringify([cells]);
        lines++;
        pending.push(line);
        size += line.length;
        if (size >= CHUNK) {
          yield Buffer.from(pending.join(''));
          pending = [];
          size = 0;
        }
      }
      break; // the first worksheet only
    }
  } catch (err) {
    if (err instanceof ArchiveRefused) throw err;
    throw new ArchiveRefused(400, 'invalid_xlsx', 'The file is not a readable XLSX workbook');
  }
  if (lines === 0) throw new ArchiveRefused(400, 'invalid_csv', 'The file has no header row');
  if (pending.length > 0) yield Buffer.from(pending.join(''));
}

/** A cell as the text a CSV would hold: dates in ISO 8601, formulas by their result, rich text joined. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as { result?: unknown; richText?: { text: string }[]; text?: unknown; error?: string };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    if (v.error) return '';
    return JSON.stringify(value);
  }
  return String(value);
}
