import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { errors } from '../errors/app-error';

/** An XLSX file starts with a zip header. */
export const isXlsx = (bytes: Buffer) => bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50;

/**
 * The first worksheet of an XLSX file as CSV text, read with exceljs's streaming reader (rows are
 * turned into CSV lines as they come, so the workbook is never held as objects). The import then
 * treats it as any CSV upload: one parser, one error report, one job.
 */
export async function xlsxToCsv(bytes: Buffer, maxRows: number): Promise<string> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache', // needed to tell a date cell from a number
    worksheets: 'emit',
    entries: 'emit',
  });
  const lines: string[] = [];
  let width = 0;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as unknown[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        if (lines.length === 0) width = cells.length;
        // Rows are numbered in the sheet: a skipped (empty) row stays out, as in a CSV.
        if (cells.every((c) => c === '')) continue;
        if (lines.length > maxRows)
          throw errors.badRequest('too_many_rows', `An import takes at most ${maxRows.toLocaleString('en')} rows: split the file`);
        while (cells.length < width) cells.push('');
        lines.push(stringify([cells]));
      }
      break; // the first worksheet only
    }
  } catch (err) {
    if ((err as { status?: number }).status) throw err;
    throw errors.badRequest('invalid_xlsx', 'The file is not a readable XLSX workbook');
  }
  if (lines.length === 0) throw errors.badRequest('invalid_csv', 'The file has no header row');
  return lines.join('');
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
