import type { Readable } from 'node:stream';
import { readArchive } from '../archives';

/** An XLSX file starts with a zip header. */
export const isXlsx = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

/**
 * The first worksheet of an XLSX upload as a stream of CSV text, so the import then treats the
 * workbook as any CSV upload (one parser, one error report, one job). Read in the archive worker
 * (kernel/archives): its inflation counted and capped first, its parsing under heap limits.
 * Refuses more than `maxRows` rows as soon as it reads one more.
 */
export function xlsxToCsv(input: Readable, maxRows: number, maxBytes: number): Readable {
  return readArchive('xlsx-csv', input, { maxRows, maxArchiveBytes: maxBytes });
}
