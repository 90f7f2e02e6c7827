import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/** What the worker gets at start. */
export interface WorkerSetup {
  dataDir?: string;
}

export type WorkerRequest =
  | { id: number; op: 'query'; text: string; params: unknown[]; rowMode: 'array' | 'object'; rawTypes: number[] }
  | { id: number; op: 'exec'; text: string }
  | { id: number; op: 'close' };

type Fields = Record<string, string | number | boolean>;
export type WorkerReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: Fields & { message: string; name?: string } }
  | { notify: { channel: string; payload: string } }
  | { ready: true }
  | { failed: Fields & { message: string } };

type Parser = (value: string, typeId: number) => unknown;

/**
 * PGlite in a worker thread, with the part of PGlite's interface the kernel uses (drizzle's PGlite
 * driver, its migrator and pg-boss's adapter): query, exec, transaction, listen, close. PostgreSQL's
 * work runs on the worker, so a slow query never stalls the event loop.
 *
 * PGlite is one connection. Like PGlite itself, every query and every transaction takes one lock, so
 * a transaction has the connection to itself from BEGIN to COMMIT and everything else waits (a query
 * issued meanwhile must never land inside another request's transaction, with its role and tenant).
 * What waits is taken fairly: each community's work (its lane, see inLane) queues in its own line,
 * and the lines take turns, one statement or transaction each, so one community's heavy searches
 * delay another's request by at most one of them, however many are queued.
 */
export class PGliteProxy {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  readonly #queue = new FairQueue();
  #closed = false;
  #failure: Error | undefined;
  readonly waitReady: Promise<void>;

  private constructor(setup: WorkerSetup) {
    // Next to this file: pglite-worker.ts under the tests (Node strips the types), .js when compiled.
    const file = new URL(`./pglite-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);
    this.#worker = new Worker(file, { workerData: setup });
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.#worker.on('message', (message: WorkerReply) => {
        if ('ready' in message) resolve();
        else if ('failed' in message) reject(toError(message.failed));
        else if ('notify' in message) this.#deliver(message.notify.channel, message.notify.payload);
        else this.#settle(message);
      });
      const fail = (err: Error) => {
        this.#failure = err;
        this.#closed = true;
        reject(err);
        for (const call of this.#pending.values()) call.reject(err);
        this.#pending.clear();
      };
      this.#worker.on('error', fail);
      this.#worker.on('exit', (code) => fail(new Error(`The embedded database's thread stopped (exit code ${code})`)));
    });
  }

  /** Starts the worker and waits until its database is open (migrations are the caller's). */
  static async open(setup: WorkerSetup): Promise<PGliteProxy> {
    const proxy = new PGliteProxy(setup);
    try {
      await proxy.waitReady;
    } catch (err) {
      await proxy.#worker.terminate();
      throw err;
    }
    return proxy;
  }

  get closed() {
    return this.#closed;
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#exclusive(() => this.#query<T>(text, params, options));
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exclusive(() => this.#exec(text, options));
  }

  /** BEGIN … COMMIT holding the connection; ROLLBACK when fn throws (or calls tx.rollback()). */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#exclusive(async () => {
      await this.#exec('BEGIN');
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const tx: Transaction = {
        query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
          open();
          return this.#query<R>(text, params, options);
        },
        sql: async () => {
          throw new Error('tx.sql is not supported by the embedded database proxy; use tx.query');
        },
        exec: async (text: string, options?: QueryOptions) => {
          open();
          return this.#exec(text, options);
        },
        rollback: async () => {
          open();
          await this.#exec('ROLLBACK');
          closed = true;
        },
        listen: async () => {
          throw new Error('LISTEN inside a transaction is not supported by the embedded database proxy');
        },
        get closed() {
          return closed;
        },
      };
      try {
        const result = await fn(tx);
        if (!closed) {
          closed = true;
          const [commit] = await this.#exec('COMMIT');
          // COMMIT of a transaction that failed part-way answers ROLLBACK: nothing was written.
          if ((commit as { command?: string } | undefined)?.command === 'ROLLBACK') {
            throw new Error('The transaction was rolled back: a statement in it failed');
          }
        }
        return result;
      } catch (err) {
        if (!closed) {
          closed = true;
          await this.#exec('ROLLBACK');
        }
        throw err;
      }
    });
  }

  /** Like PGlite.listen: the callback gets every NOTIFY on the channel; resolves to an unsubscribe. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const name = postgresName(channel);
    const callbacks = this.#listeners.get(name) ?? new Set();
    this.#listeners.set(name, callbacks);
    callbacks.add(callback);
    await this.exec(`LISTEN ${channel}`);
    return async () => {
      callbacks.delete(callback);
      if (callbacks.size === 0 && !this.#closed) {
        this.#listeners.delete(name);
        await this.exec(`UNLISTEN ${channel}`);
      }
    };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#exclusive(() => this.#call({ op: 'close' }));
    this.#closed = true;
    await this.#worker.terminate();
  }

  #exclusive<T>(fn: () => Promise<T>): Promise<T> {
    return this.#queue.run(lanes.getStore() ?? '', fn);
  }

  async #query<T>(text: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    if (options.serializers || options.blob || options.onNotice || options.paramTypes) {
      throw new Error('The embedded database proxy supports the rowMode and parsers query options only');
    }
    const parsers = (options.parsers ?? {}) as unknown as Record<string, Parser>;
    const rawTypes = Object.keys(parsers).map(Number);
    const rowMode = options.rowMode ?? 'object';
    const result = (await this.#call({ op: 'query', text, params, rowMode, rawTypes })) as Results<T>;
    if (rawTypes.length) applyParsers(result, parsers, rowMode);
    return result;
  }

  async #exec(text: string, options: QueryOptions = {}): Promise<Results[]> {
    if (Object.keys(options).length) throw new Error('The embedded database proxy takes no exec options');
    return (await this.#call({ op: 'exec', text })) as Results[];
  }

  #call(request: DistributiveOmit<WorkerRequest, 'id'>): Promise<unknown> {
    if (this.#closed) return Promise.reject(this.#failure ?? new Error('The embedded database is closed'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #settle(reply: Extract<WorkerReply, { id: number }>) {
    const call = this.#pending.get(reply.id);
    if (!call) return;
    this.#pending.delete(reply.id);
    if (reply.ok) call.resolve(reply.result);
    else call.reject(toError(reply.error));
  }

  #deliver(channel: string, payload: string) {
    for (const callback of this.#listeners.get(channel) ?? []) queueMicrotask(() => callback(payload));
  }
}

/** Whose work the statements of the current async context are: a community's id, or '' for the server's own. */
const lanes = new AsyncLocalStorage<string>();

/** Runs fn with the embedded database's statements it issues queued in `lane` (a community's id). */
export function inLane<T>(lane: string, fn: () => T): T {
  return lanes.run(lane, fn);
}

/**
 * One unit of work at a time, taken from the lanes in turn: a lane's units run in arrival order, and
 * after a unit of one lane the next comes from the first other lane that waits (lanes wait in the
 * order they last ran or arrived). So a unit waits for at most one unit of each other waiting lane.
 */
class FairQueue {
  /** Waiting units by lane, in the order the lanes take their turns (a Map keeps insertion order). */
  readonly #waiting = new Map<string, (() => void)[]>();
  #running = false;
  #last: string | undefined;

  run<T>(lane: string, fn: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // Bound to the caller's async context: a unit run later, when another lane's unit finishes,
      // still sees its caller's AsyncLocalStorage (its unit of work, so afterCommit() finds it).
      const unit = AsyncResource.bind(() => {
        let done: Promise<T>;
        try {
          done = fn();
        } catch (err) {
          done = Promise.reject(err);
        }
        done.then(resolve, reject).finally(() => {
          this.#running = false;
          this.#next();
        });
      });
      const line = this.#waiting.get(lane);
      if (line) line.push(unit);
      else this.#waiting.set(lane, [unit]);
      if (!this.#running) this.#next();
    });
  }

  #next() {
    let lane: string | undefined;
    for (const key of this.#waiting.keys()) {
      if (key !== this.#last) {
        lane = key;
        break;
      }
      lane ??= key; // the lane that ran last goes again only when no other waits
    }
    if (lane === undefined) return;
    const line = this.#waiting.get(lane)!;
    const unit = line.shift()!;
    // To the back of the turns: every other waiting lane goes before its next unit.
    this.#waiting.delete(lane);
    if (line.length > 0) this.#waiting.set(lane, line);
    this.#last = lane;
    this.#running = true;
    unit();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A database error rebuilt on this side: same message and fields (code, constraint, detail…). */
function toError(fields: Fields & { message: string; name?: string }): Error {
  const { message, name, ...rest } = fields;
  const err = new Error(message);
  if (name) err.name = name;
  return Object.assign(err, rest);
}

/** The caller's own parsers, applied to the columns the worker left as text. */
function applyParsers(result: Results<unknown>, parsers: Record<string, Parser>, rowMode: 'array' | 'object') {
  result.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const key = rowMode === 'array' ? index : field.name;
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parse(value as string, field.dataTypeID);
    }
  });
}

/** PostgreSQL's name for a channel: folded to lower case unless quoted. */
function postgresName(channel: string): string {
  return channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();
}
