// autocannon as the benchmarks use it: a warm-up, then a measured run whose requests per second,
// latency percentiles (p95 added to autocannon's list) and CPU per request — this process's and,
// when the PostgreSQL server runs on this machine, its backends' — are reported.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type pg from 'pg';

export interface Latency {
  p50: number;
  p95: number;
  p99: number;
}
interface CannonResult {
  requests: { average: number; total: number };
  latency: Latency;
  non2xx: number;
  errors: number;
  timeouts: number;
}
export interface CannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
}
type Cannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: CannonRequest[];
  workers?: number;
}) => Promise<CannonResult>;
// autocannon ships no types; the few fields used here are declared above.
const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as Cannon;
// autocannon reports a fixed list of percentiles (…, 90, 97.5, 99, …): add the 95th to it.
const histogramPercentiles = createRequire(require.resolve('autocannon'))('hdr-histogram-percentiles-obj').percentiles as number[];
if (!histogramPercentiles.includes(95)) histogramPercentiles.splice(histogramPercentiles.indexOf(97.5), 0, 95);

export interface Measured {
  rps: number;
  latency: Latency;
  /** CPU time per request, in µs: this process (server and load generator) and the database's backends. */
  cpu: { node: number; db: number };
}

/**
 * CPU seconds so far of each PostgreSQL backend serving `database`, by process id (from /proc, so
 * only when the server runs on this machine; none elsewhere). Unlike requests per second, CPU per
 * request hardly moves when other work shares the machine: it compares queries even on a busy one.
 */
export async function backendCpu(admin: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await admin.query('select pid from pg_stat_activity where datname = $1', [database]);
  const seconds = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      // Fields after the command name: state is the 1st, utime the 12th and stime the 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / 100); // USER_HZ
    } catch {
      // gone, or not on this machine
    }
  }
  return seconds;
}

/** The backends' CPU between two readings: each live backend's own growth (one that started meanwhile, all of its time). */
export function backendCpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

export interface MeasureOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** The PostgreSQL database whose backends' CPU is counted (an admin connection to the server). */
  db?: { admin: pg.Client; name: string };
  /** The requests each connection sends in turn (e.g. each from a client address of its own); plain data, for the worker. */
  requests?: CannonRequest[];
}

/** A 2 s warm-up (JIT, pool connections, PostgreSQL caches), then the measured run; any non-2xx fails it. */
export async function measure(url: string, { connections, seconds, headers = {}, db, requests }: MeasureOptions): Promise<Measured> {
  await autocannon({ url, connections, duration: 2, headers, requests, workers: 1 });
  const db0 = db ? await backendCpu(db.admin, db.name) : new Map<number, number>();
  const node0 = process.cpuUsage();
  const r = await autocannon({ url, connections, duration: seconds, headers, requests, workers: 1 });
  const node = process.cpuUsage(node0);
  const dbSeconds = db ? backendCpuSince(db0, await backendCpu(db.admin, db.name)) : 0;
  const failed = r.non2xx + r.errors + r.timeouts;
  if (failed > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  const perRequest = (us: number) => us / Math.max(1, r.requests.total);
  return {
    rps: r.requests.average,
    latency: r.latency,
    cpu: { node: perRequest(node.user + node.system), db: perRequest(dbSeconds * 1e6) },
  };
}

export const ms = (l: Latency) => `${l.p50} / ${l.p95} / ${l.p99} ms`;
