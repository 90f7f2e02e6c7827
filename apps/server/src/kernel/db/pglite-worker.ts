/**
 * The embedded database's thread: one PGlite instance, driven by messages from the main thread
 * (pglite-proxy.ts), so PostgreSQL's work never runs on the event loop that serves requests.
 * Self-contained on purpose: it runs as compiled JavaScript in production and as TypeScript (Node's
 * type stripping) under the tests, so it imports only packages and types.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { WorkerReply, WorkerRequest, WorkerSetup } from './pglite-proxy';

const port = parentPort;
if (!port) throw new Error('pglite-worker runs as a worker thread');

const setup = workerData as WorkerSetup;
const raw = (value: unknown) => value;

function send(message: WorkerReply) {
  port!.postMessage(message);
}

/** What crosses the thread boundary of a database error: its message and every plain field (code, constraint…). */
function describeError(err: unknown): Extract<WorkerReply, { ok: false }>['error'] {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(err)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { ...fields, message: err.message, name: err.name };
}

async function run(db: PGlite, request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      // Columns of the types the caller parses itself come back as PostgreSQL's text.
      const parsers = Object.fromEntries(request.rawTypes.map((oid) => [oid, raw]));
      return db.query(request.text, request.params, { rowMode: request.rowMode, parsers });
    }
    case 'exec':
      return db.exec(request.text);
    case 'close':
      await db.close();
      return null;
  }
}

async function main() {
  const db = new PGlite({ dataDir: setup.dataDir, extensions: { pg_trgm } });
  await db.waitReady;
  db.onNotification((channel, payload) => send({ notify: { channel, payload } }));
  // Requests are answered in the order they arrive; PGlite runs one at a time.
  port!.on('message', (request: WorkerRequest) => {
    run(db, request).then(
      (result) => send({ id: request.id, ok: true, result }),
      (err: unknown) => send({ id: request.id, ok: false, error: describeError(err) }),
    );
  });
  send({ ready: true });
}

main().catch((err: unknown) => send({ failed: describeError(err) }));
