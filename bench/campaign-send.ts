// bench:campaign — a 100,000-recipient email campaign sent through the real engine to a local SMTP
// sink (smtp-server in a worker thread of this process) on PostgreSQL: messages per second, tracking rows written (an
// open and a click for one recipient in ten), and the process's memory sampled through the send.
//
//   cd apps/server && node --import tsx ../../bench/campaign-send.ts   (BENCH_RECIPIENTS=100000, BENCH_RATE=5000/s by default)
//
// Done when: ≥ 1,000 messages/s with the tracking rows written and memory flat.

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { withBench } from './lib/bench-app';
import { backendCpu, backendCpuSince } from './lib/cannon';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const RATE = Number(process.env.BENCH_RATE ?? 5000);

/** The heap in use after a full collection, in MB (gc exposed at run time: the script runs under tsx without flags). */
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
function liveHeapMb(): number {
  collect();
  return Math.round(process.memoryUsage().heapUsed / 1e6);
}

/** The SMTP sink, in a worker thread (lib/smtp-sink-worker.mjs): its count arrives every 200 ms. */
async function startSink() {
  const worker = new Worker(new URL('./lib/smtp-sink-worker.mjs', import.meta.url));
  let received = 0;
  const port = await new Promise<number>((resolve) =>
    worker.on('message', (m: { port?: number; received?: number }) => {
      if (m.port) resolve(m.port);
      if (m.received !== undefined) received = m.received;
    }),
  );
  return {
    port,
    count: () => received,
    close: async () => {
      worker.postMessage('close');
      await new Promise<void>((r) => worker.on('message', (m: { closed?: boolean }) => m.closed && r()));
      await worker.terminate();
    },
  };
}

const sink = await startSink();
await withBench(
  { prefix: 'bcamp', database: 'server', env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}` } },
  async ({ app, tenantId, headers }) => {
    const db = new pg.Client({ connectionString: (app.config as { databaseUrl?: string }).databaseUrl });
    await db.connect();
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await app.inject({ method, url, headers, payload });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json().data;
    };
    await db.query(
      `insert into marketing_contacts (tenant_id, name, email, email_consent)
     select $1, 'Reader ' || i, 'b' || i || '@bench.example.com', 'opted_in' from generate_series(1, $2) i`,
      [tenantId, RECIPIENTS],
    );
    await db.query('analyze marketing_contacts');
    const [template] = (
      await db.query(
        `insert into marketing_email_templates (tenant_id, name, subject, design, html, text)
       values ($1, 'Bench', 'Hello {{ first_name }}', '{"version":1,"blocks":[]}'::jsonb,
               '<html><body><p>Hi {{ first_name }},</p><p><a href="https://shop.example.com/sale">Sale</a> <a href="{{ unsubscribe_url }}">Unsubscribe</a></p></body></html>',
               'Hi {{ first_name }}') returning id`,
        [tenantId],
      )
    ).rows;
    await call('POST', '/api/v1/campaigns/channel-limits', { channel: 'email', perSecond: RATE, windowMax: 100_000_000 });
    const audience = await call('POST', '/api/v1/marketing/audiences', { name: 'Everyone', channel: 'email' });
    const campaign = await call('POST', '/api/v1/campaigns/campaigns', {
      name: 'Bench',
      channel: 'email',
      templateId: template.id,
      audienceIds: [audience.id],
    });

    const memory: number[] = [];
    /** The heap in use each second once messages flow (rss keeps what the launch grew to; the heap says whether the send holds on to anything). */
    const heap: number[] = [];
    let memoryAtFirst = 0;
    // CPU per message, this process's (server and sink) and the database backends': unlike messages
    // per second, it hardly moves when other work shares the machine.
    const dbName = new URL(String((app.config as { databaseUrl?: string }).databaseUrl)).pathname.slice(1);
    const cpuDb0 = await backendCpu(db, dbName);
    const cpuNode0 = process.cpuUsage();
    const { loadavg } = await import('node:os');
    const loadAtStart = loadavg()[0];
    // The heap a full collection leaves (what the process holds on to), before, halfway and after.
    const liveBefore = liveHeapMb();
    let liveHalfway = 0;
    const started = Date.now();
    await call('POST', `/api/v1/campaigns/campaigns/${campaign.id}/launch`);
    let firstSentAt = 0;
    /** When the launch's first step had written the recipients (its count set), to the second. */
    let writtenAt = 0;
    let sentAtFirst = 0;
    // The CPU when the first messages arrived: what writing the recipients cost, apart from the send.
    let cpuAtFirst: { node: NodeJS.CpuUsage; db: Awaited<ReturnType<typeof backendCpu>> } | null = null;
    const loads: number[] = [];
    for (;;) {
      await new Promise((r) => setTimeout(r, 1000));
      const usage = process.memoryUsage();
      memory.push(Math.round(usage.rss / 1e6));
      if (firstSentAt) heap.push(Math.round(usage.heapUsed / 1e6));
      if (!liveHalfway && sink.count() >= RECIPIENTS / 2) liveHalfway = liveHeapMb();
      loads.push(loadavg()[0]);
      if (!firstSentAt && sink.count() > 0) {
        firstSentAt = Date.now();
        sentAtFirst = sink.count();
        memoryAtFirst = memory.length - 1;
        cpuAtFirst = { node: process.cpuUsage(), db: await backendCpu(db, dbName) };
      }
      const [row] = (await db.query('select status, recipient_count from campaigns where id = $1', [campaign.id])).rows;
      if (!writtenAt && Number(row.recipient_count) > 0) writtenAt = Date.now();
      process.stdout.write(`\r${sink.count()} sent, rss ${memory.at(-1)} MB   `);
      if (row.status !== 'sending') break;
    }
    const finished = Date.now();
    const liveAfter = liveHeapMb();
    const cpuNode = process.cpuUsage(cpuNode0);
    const cpuDbEnd = await backendCpu(db, dbName);
    const cpuDb = backendCpuSince(cpuDb0, cpuDbEnd);
    const cpuSendNode = cpuAtFirst ? process.cpuUsage(cpuAtFirst.node) : cpuNode;
    const cpuSendDb = cpuAtFirst ? backendCpuSince(cpuAtFirst.db, cpuDbEnd) : cpuDb;
    // Tracking: an open and a click for one recipient in ten, through the real public routes.
    const rows = (
      await db.query('select id from campaign_recipients where campaign_id = $1 order by id limit $2', [
        campaign.id,
        Math.ceil(RECIPIENTS / 10),
      ])
    ).rows;
    const { trackingLinks } = await import('../apps/server/src/modules/campaigns/tracking/links');
    const community = headers['community-name'];
    const trackStart = Date.now();
    for (const r of rows) {
      const links = trackingLinks(app.config.jwtSecret, '', community, r.id);
      await app.inject({ method: 'GET', url: links.open });
      await app.inject({ method: 'GET', url: links.click('https://shop.example.com/sale') });
    }
    const trackMs = Date.now() - trackStart;
    const events = Number(
      (await db.query('select count(*)::int as n from campaign_events where campaign_id = $1', [campaign.id])).rows[0].n,
    );
    const sendSeconds = (finished - (firstSentAt || started)) / 1000;
    const sentInSend = sink.count() - sentAtFirst;
    console.log(
      `\n${RECIPIENTS} recipients; launch to last message ${((finished - started) / 1000).toFixed(1)} s (the recipients written after ${((writtenAt - started) / 1000).toFixed(0)} s, the first messages at the sink after ${((firstSentAt - started) / 1000).toFixed(0)} s)`,
    );
    console.log(
      `sending: ${sentInSend} messages in ${sendSeconds.toFixed(1)} s after the first arrived = ${Math.round(sentInSend / sendSeconds)} messages/s end to end (limit ${RATE}/s); launch to last message ${Math.round(sink.count() / ((finished - started) / 1000))} messages/s`,
    );
    const perMessage = (seconds: number, n = sink.count()) => Math.round((seconds * 1e6) / Math.max(1, n));
    console.log(
      `CPU per message, launch included: ${perMessage((cpuNode.user + cpuNode.system) / 1e6)} µs this process (server and sink) + ${perMessage(cpuDb)} µs database backends`,
    );
    console.log(
      `CPU per message while sending: ${perMessage((cpuSendNode.user + cpuSendNode.system) / 1e6, sentInSend)} µs this process + ${perMessage(cpuSendDb, sentInSend)} µs database backends`,
    );
    console.log(
      `load average (1 min, ${(await import('node:os')).cpus().length} CPUs): ${loadAtStart.toFixed(1)} at the launch, ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} during the send`,
    );
    console.log(`tracking: ${events} events for ${rows.length} recipients in ${(trackMs / 1000).toFixed(1)} s`);
    const sending = memory.slice(memoryAtFirst);
    console.log(
      `rss MB: ${memory[0]} after the launch call, ${sending[0]} when the first messages arrived, then min ${Math.min(...sending)}, max ${Math.max(...sending)}, last ${sending.at(-1)}`,
    );
    const third = Math.max(1, Math.floor(heap.length / 3));
    const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length));
    console.log(
      `heap used MB while sending: min ${Math.min(...heap)}, max ${Math.max(...heap)}; mean of the first third ${mean(heap.slice(0, third))}, of the last third ${mean(heap.slice(-third))}`,
    );
    console.log(
      `heap after a full collection (what the send holds on to), MB: ${liveBefore} before the launch, ${liveHalfway} at half the messages, ${liveAfter} after the last`,
    );
    await db.end();
  },
);
await sink.close();
