import { extname } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError, errors } from '../errors/app-error';
import type { ArchiveReaderName } from './readers';

// Opens an archive an upload brought (an XLSX workbook today) in a worker thread: the worker counts
// how far it inflates before its reader sees it (refused past a cap or a ratio, a 413), and runs
// under heap limits, so whatever still takes too much memory ends the worker, not the server and
// every community on it. The archive is held whole (the upload limit bounds it) because a zip is
// read by its entries; its output comes back as a stream, one chunk per read.

/** What the worker is given. */
export interface ArchiveJob {
  reader: ArchiveReaderName;
  archive: Uint8Array;
  options: { maxRows: number };
}

/** What the worker answers: a chunk of output (one per request), the end, or why it stopped. */
export type ArchiveReply =
  | { chunk: Uint8Array }
  | { done: true }
  | { refused: { status: number; code: string; message: string } }
  | { failed: string };

/** The worker's heap: ample for a workbook within the caps, far below what would hurt the server. */
export const ARCHIVE_WORKER_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };

const workerFile = () => new URL(`./archive-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

export interface ReadArchiveOptions {
  maxRows: number;
  /** Largest archive taken (its compressed size); more is a 413. */
  maxArchiveBytes: number;
  /** Heap limits of the worker (tests give a small one). */
  resourceLimits?: typeof ARCHIVE_WORKER_LIMITS;
}

/** The output of `reader` over the archive `input` carries, as a byte stream; errors are AppErrors (4xx) on the stream. */
export function readArchive(reader: ArchiveReaderName, input: Readable, options: ReadArchiveOptions): Readable {
  return Readable.from(archiveChunks(reader, input, options), { objectMode: false });
}

async function* archiveChunks(reader: ArchiveReaderName, input: Readable, options: ReadArchiveOptions): AsyncGenerator<Buffer> {
  const archive = await collect(input, options.maxArchiveBytes);
  const job: ArchiveJob = { reader, archive, options: { maxRows: options.maxRows } };
  const worker = new Worker(workerFile(), {
    workerData: job,
    transferList: [archive.buffer as ArrayBuffer],
    resourceLimits: options.resourceLimits ?? ARCHIVE_WORKER_LIMITS,
  });
  const replies = repliesOf(worker);
  try {
    while (true) {
      worker.postMessage('more');
      const reply = await replies.next();
      if ('chunk' in reply) yield Buffer.from(reply.chunk.buffer, reply.chunk.byteOffset, reply.chunk.byteLength);
      else if ('done' in reply) return;
      else if ('refused' in reply) throw new AppError(reply.refused.status, reply.refused.code, reply.refused.message);
      else throw new Error(`The archive reader failed: ${reply.failed}`);
    }
  } finally {
    await worker.terminate();
  }
}

/** The worker's replies in order; its death (out of memory above all) as the error of the next one. */
function repliesOf(worker: Worker) {
  const queue: ArchiveReply[] = [];
  let failure: Error | null = null;
  let waiting: { resolve: (r: ArchiveReply) => void; reject: (e: Error) => void } | null = null;
  const fail = (err: Error) => {
    failure ??= err;
    waiting?.reject(failure);
    waiting = null;
  };
  worker.on('message', (reply: ArchiveReply) => {
    if (waiting) {
      waiting.resolve(reply);
      waiting = null;
    } else queue.push(reply);
  });
  worker.on('error', (err: Error & { code?: string }) =>
    fail(
      err.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new AppError(413, 'archive_too_large', 'The file takes more memory to read than one upload may use')
        : err,
    ),
  );
  worker.on('exit', () => fail(new Error('The archive reader stopped before its end')));
  return {
    next: () =>
      queue.length > 0
        ? Promise.resolve(queue.shift()!)
        : failure
          ? Promise.reject(failure)
          : new Promise<ArchiveReply>((resolve, reject) => {
              waiting = { resolve, reject };
            }),
  };
}

/** The whole of `input` in one buffer of its own (it is handed to the worker), at most `maxBytes`. */
async function collect(input: Readable, maxBytes: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      input.destroy();
      throw errors.tooLarge(`Files may be at most ${Math.round(maxBytes / 1024 / 1024)} MB`);
    }
    chunks.push(chunk as Buffer);
  }
  const archive = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    archive.set(chunk, at);
    at += chunk.length;
  }
  return archive;
}
