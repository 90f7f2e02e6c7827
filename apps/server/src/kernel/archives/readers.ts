import { xlsxCsvChunks } from './xlsx-csv.ts';
import type { ZipLimits } from './zip-bounds.ts';

// Every reader of an archive the server opens, by name: each runs in the archive worker after the
// archive's inflation was counted and bounded (zip-bounds.ts). A new zip reader is added here, and
// so is bounded like the others (the security suite feeds each one a zip bomb).

export interface ArchiveReader {
  /** Caps on what the archive may inflate to, before the reader sees it. */
  limits: ZipLimits;
  /** The archive's content as chunks of output (an import's CSV). */
  read(archive: Buffer, options: { maxRows: number }): AsyncGenerator<Buffer>;
}

const MB = 1024 * 1024;

export const ARCHIVE_READERS = {
  /** An XLSX workbook's first sheet as CSV (imports). */
  'xlsx-csv': {
    limits: {
      maxTotalBytes: 256 * MB,
      maxEntryBytes: 200 * MB,
      // exceljs holds the shared strings table in memory: its XML is held to far less than the worker's heap.
      entryCaps: { 'xl/sharedStrings.xml': 32 * MB },
      maxRatio: 100,
      ratioFloorBytes: MB,
      maxEntries: 10_000,
    },
    read: xlsxCsvChunks,
  },
} satisfies Record<string, ArchiveReader>;

export type ArchiveReaderName = keyof typeof ARCHIVE_READERS;
