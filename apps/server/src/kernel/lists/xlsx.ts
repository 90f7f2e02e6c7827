import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { errors } from '../errors/app-error';

/** An XLSX file starts with a zip header. */
export const isXlsx = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

/** CSV lines are handed on in chunks of about this many bytes. */
const CHUNK = 64 * 1024;

/**
 * The first worksheet of an XLSX stream as a stream of CSV text, read with exceljs's streaming
 * reader: rows become CSV lines as they come, so the import then treats the workbook as any CSV
 * upload (one parser, one error report, one job).
 *
 * What it holds: exceljs keeps the workbook's shared strings table in memory (each distinct text of
 * the workbook, once), and a worksheet stored before that table in the zip is spooled to a temporary
 * file until the table is read. The rows themselves are never held. Refuses more than `maxRows` rows
 * as soon as it reads one more.
 */
export function xlsxToCsv(input: Readable, maxRows: number): Readable {
  return Readable.from(xlsxCsvChunks(input, maxRows), { objectMode: false });
}

async function* xlsxCsvChunks(input: Readable, maxRows: number): AsyncGenerator<Buffer> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
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
  let failed = true;
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
          throw errors.badRequest('too_many_rows', `An import takes at most ${maxRows.toLocaleString('en')} rows: split the file`);
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
    failed = false;
  } catch (err) {
    if ((err as { status?: number }).status) throw err;
    throw errors.badRequest('invalid_xlsx', 'The file is not a readable XLSX workbook');
  } finally {
    // The rest of the workbook is read and dropped (an upload's later form fields follow it).
    if (failed) input.destroy();
    else input.resume();
  }
  if (lines === 0) throw errors.badRequest('invalid_csv', 'The file has no header row');
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
