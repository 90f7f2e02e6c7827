import { PassThrough, pipeline, Readable, Transform } from 'node:stream';
import { errors } from '../errors/app-error';
import type { BlobStore } from '../storage/blob-store';
import { CsvHead, csvRecords, csvRows, readCsvHead } from './csv-import';
import { isXlsx, xlsxToCsv } from './xlsx';

// An import's file goes from the upload to storage as it arrives (kernel/storage: local disk, or S3
// when configured), counted and its head kept on the way; the job reads it back as a stream, and a
// preview of a stored file reads only its head. Whatever the file's size, what is held is a chunk,
// the head and the record being parsed (an XLSX workbook is held whole, in the archive worker: kernel/archives). The file is deleted when its import
// ends, or by the sweep (import-job.ts) when it was never run.

/** Where an import's file is stored: beside the community's files, outside the media library. */
export const importFileKey = (tenantId: string, jobId: string) => `${tenantId}/imports/${jobId}`;

export interface ReceivedFile {
  headers: string[];
  /** The first rows (up to `keep`). */
  rows: string[][];
  totalRows: number;
}

/**
 * Streams an uploaded file (a multipart part's stream) to storage under `key`: a CSV as it is, an
 * XLSX workbook as the CSV of its first sheet. Refuses (and stores nothing) what is not CSV or
 * XLSX, a file with more than `maxRows` rows, and one cut short by the upload size limit.
 */
export async function storeImportFile(
  blobs: BlobStore,
  key: string,
  file: Readable & { truncated?: boolean },
  options: { keep: number; maxRows: number; maxBytes: number },
): Promise<ReceivedFile> {
  const { first, source } = await peek(file, 4);
  const csv = isXlsx(first) ? xlsxToCsv(source, options.maxRows, options.maxBytes) : pipeline(source, refuseBinary(), () => {}); // errors travel down to `csv`
  // Two readers of the same bytes: storage, and the parser that counts the rows and keeps the head.
  // The slower one sets the pace (pipe's back-pressure), so nothing piles up in between.
  const toStore = new PassThrough();
  const toCount = new PassThrough();
  const stop = (err: Error) => {
    csv.destroy();
    toStore.destroy(err);
    toCount.destroy(err);
  };
  csv.on('error', stop);
  // Their failures are read from the two promises below.
  toStore.on('error', () => {});
  toCount.on('error', () => {});
  csv.pipe(toStore);
  csv.pipe(toCount);
  const head = new CsvHead(options.keep, options.maxRows);
  const counted = (async () => {
    for await (const record of csvRecords(toCount)) head.add(record);
    return head.checkedHeaders();
  })();
  const stored = blobs.put(key, toStore, 'text/csv');
  const [count, store] = await Promise.allSettled([
    counted.catch((err) => {
      stop(err);
      throw err;
    }),
    stored.catch((err) => {
      stop(err);
      throw err;
    }),
  ]);
  if (count.status === 'fulfilled' && store.status === 'fulfilled' && !file.truncated) {
    return { headers: count.value, rows: head.rows, totalRows: head.totalRows };
  }
  await blobs.delete(key).catch(() => {});
  if (file.truncated) throw errors.tooLarge(`Files may be at most ${Math.round(options.maxBytes / 1024 / 1024)} MB`);
  throw count.status === 'rejected' ? count.reason : (store as PromiseRejectedResult).reason;
}

/** The header and first `keep` rows of a stored import file: reading stops there. */
export async function storedHead(blobs: BlobStore, key: string, keep: number) {
  return readCsvHead(await blobs.get(key), keep);
}

/** The data rows of a stored import file after `skip` of them, parsed as they are read. */
export async function* storedRows(blobs: BlobStore, key: string, skip: number): AsyncGenerator<string[]> {
  yield* csvRows(await blobs.get(key), skip);
}

/** A CSV upload holds text: a NUL byte says it is some other binary file. */
function refuseBinary() {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (chunk.includes(0)) done(errors.unsupportedMedia('Upload a CSV or XLSX file, not another binary file'));
      else done(null, chunk);
    },
  });
}

/** The first `n` bytes of a stream (fewer if it is shorter), and the whole stream again from its start. */
async function peek(stream: Readable, n: number): Promise<{ first: Buffer; source: Readable }> {
  const iterator = stream[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < n) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value as Buffer);
    size += (next.value as Buffer).length;
  }
  const first = Buffer.concat(chunks);
  async function* all() {
    if (first.length > 0) yield first;
    if (done) return;
    // Returning early (the consumer stopped) ends the iterator, which destroys the stream.
    for await (const chunk of { [Symbol.asyncIterator]: () => iterator }) yield chunk as Buffer;
  }
  return { first, source: Readable.from(all(), { objectMode: false }) };
}
