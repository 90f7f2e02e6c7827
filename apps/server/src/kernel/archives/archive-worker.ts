/**
 * The archive worker: counts how far an archive inflates (zip-bounds.ts), then runs its reader and
 * hands the output to the main thread one chunk per request (read-archive.ts). It runs under heap
 * limits, so an archive that gets past the counts and still takes too much memory ends this thread,
 * never the server. Self-contained on purpose: it runs as compiled JavaScript in production and as
 * TypeScript (Node's type stripping) under the tests, so it imports packages, types and sibling
 * files by their .ts name only.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ArchiveJob, ArchiveReply } from './read-archive';
import { ARCHIVE_READERS } from './readers.ts';
import { ArchiveRefused } from './refused.ts';
import { checkZipBounds } from './zip-bounds.ts';

const port = parentPort;
if (!port) throw new Error('archive-worker runs as a worker thread');

const job = workerData as ArchiveJob;
/** Requests for the next chunk not answered yet: the main thread asks when its reader wants more. */
let asked = 0;
let answer: (() => void) | null = null;
port.on('message', () => {
  asked++;
  answer?.();
});
const wanted = () =>
  asked > 0
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        answer = resolve;
      });

function send(reply: ArchiveReply) {
  port!.postMessage(reply);
}

async function run() {
  const reader = ARCHIVE_READERS[job.reader];
  const archive = Buffer.from(job.archive.buffer, job.archive.byteOffset, job.archive.byteLength);
  await checkZipBounds(archive, reader.limits);
  for await (const chunk of reader.read(archive, job.options)) {
    await wanted();
    asked--;
    answer = null;
    send({ chunk });
  }
  send({ done: true });
}

// The main thread ends this thread once it has the last reply.
run().catch((err: unknown) => {
  if (err instanceof ArchiveRefused) send({ refused: { status: err.status, code: err.code, message: err.message } });
  else send({ failed: err instanceof Error ? err.message : String(err) });
});
