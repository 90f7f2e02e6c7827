import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publish } from '../src/kernel/live';
import { SseStream } from '../src/kernel/live/sse';
import type { LiveMessage } from '../src/kernel/live/topics';
import { signedInAdmin, startTestApp, type TestAdmin, type TestApp, type TestCommunity } from './helpers';
import { withKitModule } from './kit-module';
import { liveData, openSse, type SseClient } from './sse-client';

/**
 * Issue 25 item 11: live updates over server-sent events, on both engines. Streams are read over a
 * real socket (app.inject would wait for the response to end). "Receives nothing" is shown by a
 * marker published after the event: notifications reach the hub in commit order, so a stream that
 * gets the marker first was never sent the event.
 */
let t: TestApp;
let base: string;
let a: TestCommunity;
let b: TestCommunity;
/** An admin of A who may not read notifications (audit only). */
let restricted: TestAdmin;
/** An admin of A who may read notifications. */
let reader: TestAdmin;
const opened: SseClient[] = [];

beforeAll(async () => {
  // With the tests' kit module: its notes have an "own records" row rule.
  t = await startTestApp({}, withKitModule);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  a = await t.signup();
  b = await t.signup();
  restricted = await signedInAdmin(t, a, { 'admin-management': 'read' });
  reader = await signedInAdmin(t, a, { notifications: 'read' });
  t.app.live.offerPublic('test-room', { authorize: ({ key }) => key.startsWith('room-') });
});

afterAll(async () => {
  for (const s of opened) s.close();
  await t?.close();
});

async function stream(who: { headers: Record<string, string> } | null, path = '/api/v1/live', extra: Record<string, string> = {}) {
  const s = await openSse(`${base}${path}`, { ...(who?.headers ?? {}), ...extra });
  opened.push(s);
  return s;
}

/** A stream that has caught up (its `ready` arrived), so whatever is published next reaches it. */
async function ready(who: { headers: Record<string, string> } | null, path?: string, extra?: Record<string, string>) {
  const s = await stream(who, path, extra);
  expect(s.status, JSON.stringify(s.body)).toBe(200);
  await s.next((e) => e.event === 'ready');
  return s;
}

const send = (message: LiveMessage) => t.app.db.withTenant(message.tenantId, (tx) => publish(tx, message));
let markers = 0;
/** Publishes a marker to the community and waits until `streams` got it; returns what they got before it. */
async function afterMarker(tenantId: string, ...streams: SseClient[]) {
  const marker = `m${markers++}`;
  const from = streams.map((s) => s.events.length);
  await send({ tenantId, topic: { community: true }, event: 'test.marker', data: { marker } });
  return Promise.all(
    streams.map(async (s, i) => {
      const got = await s.next(
        (e) => e.event === 'test.marker' && (liveData(e).data as { marker: string }).marker === marker,
        5_000,
        from[i],
      );
      return s.events.slice(from[i], s.events.indexOf(got)).map((e) => e.event);
    }),
  );
}

describe('live updates (GET /api/v1/live)', () => {
  it('a stream receives what is published to its community, and another community receives nothing', async () => {
    const sa = await ready(a);
    const sb = await ready(b);
    await send({ tenantId: a.tenantId, topic: { community: true }, event: 'test.hello', data: { greeting: 'hi' } });
    const hello = await sa.next((e) => e.event === 'test.hello');
    expect(liveData(hello)).toMatchObject({ topic: { community: true }, data: { greeting: 'hi' } });
    expect(Number(hello.id)).toBe(liveData(hello).id);
    const [beforeMarkerB] = await afterMarker(b.tenantId, sb);
    expect(beforeMarkerB).toEqual([]);
    expect(sb.events.map((e) => e.event)).not.toContain('test.hello');
  });

  it('an event addressed to a user reaches only that user', async () => {
    const owner = await ready(a);
    const other = await ready(restricted);
    await send({ tenantId: a.tenantId, topic: { user: restricted.userId }, event: 'test.personal', data: { to: 'restricted' } });
    await other.next((e) => e.event === 'test.personal');
    const [ownerGot] = await afterMarker(a.tenantId, owner);
    expect(ownerGot).toEqual([]);
  });

  it("a record's event reaches only those who may read its resource (a notification created through the API)", async () => {
    const owner = await ready(a);
    const canRead = await ready(reader);
    const cannot = await ready(restricted);
    const otherCommunity = await ready(b);
    // For the whole team (no recipient): every admin who reads notifications hears of it.
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/ops/notifications',
      as: a,
      payload: { title: 'Stock is low', recipientId: null },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id;
    for (const s of [owner, canRead]) {
      const created = await s.next((e) => e.event === 'notification.created');
      expect(liveData(created)).toMatchObject({ topic: { record: ['ops/notifications', id] }, data: { id } });
    }
    const [restrictedGot] = await afterMarker(a.tenantId, cannot);
    expect(restrictedGot).toEqual([]);
    const [bGot] = await afterMarker(b.tenantId, otherCommunity);
    expect(bGot).toEqual([]);
    // Marking it read is announced too (the bells update their count).
    const read = await t.request({ method: 'PATCH', url: `/api/v1/ops/notifications/${id}`, as: a, payload: { read: true } });
    expect(read.statusCode, read.body).toBe(200);
    expect(liveData(await owner.next((e) => e.event === 'notification.changed'))).toMatchObject({ data: { id } });
  });

  it('a notification for one admin reaches only their stream (written without a recipient: the writer’s own)', async () => {
    const owner = await ready(a);
    const canRead = await ready(reader);
    const res = await t.request({ method: 'POST', url: '/api/v1/ops/notifications', as: a, payload: { title: 'Call the supplier' } });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id;
    expect(res.json().data.recipientId).toBe(a.userId);
    expect(liveData(await owner.next((e) => e.event === 'notification.created'))).toMatchObject({ data: { id } });
    // The row check is asked of the database before sending: give it a marker's round trip, twice.
    await afterMarker(a.tenantId, canRead);
    const [readerGot] = await afterMarker(a.tenantId, canRead);
    expect(readerGot).toEqual([]);
    expect(canRead.events.filter((e) => e.event === 'notification.created').map((e) => liveData(e).data)).not.toContainEqual({ id });
  });

  it("a record under a row rule is announced only to those the rule lets read it (own notes: not even the owner's stream)", async () => {
    const writer = await signedInAdmin(t, a, { 'kit-test': 'write' });
    const colleague = await signedInAdmin(t, a, { 'kit-test': 'write' });
    const res = await t.request({ method: 'POST', url: '/api/v1/kit-test/notes', as: writer, payload: { title: 'Mine alone' } });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id;
    const [mine, theirs, owner] = await Promise.all([ready(writer), ready(colleague), ready(a)]);
    await send({ tenantId: a.tenantId, topic: { record: ['kit-test/notes', id] }, event: 'test.note', data: { id } });
    expect(liveData(await mine.next((e) => e.event === 'test.note'))).toMatchObject({ topic: { record: ['kit-test/notes', id] } });
    // The row check is asked of the database before sending: give it a marker's round trip, twice.
    await afterMarker(a.tenantId, theirs, owner);
    const [colleagueGot, ownerGot] = await afterMarker(a.tenantId, theirs, owner);
    expect(colleagueGot).toEqual([]);
    expect(ownerGot).toEqual([]);
    expect([...theirs.events, ...owner.events].map((e) => e.event)).not.toContain('test.note');
  });

  it('a change that rolls back publishes nothing', async () => {
    const owner = await ready(a);
    await expect(
      t.app.db.withTenant(a.tenantId, async (tx) => {
        await publish(tx, { tenantId: a.tenantId, topic: { community: true }, event: 'test.rolled-back' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const [got] = await afterMarker(a.tenantId, owner);
    expect(got).toEqual([]);
  });

  it('a stream reconnecting with Last-Event-ID gets what it missed, in order, and only what it may read', async () => {
    const first = await ready(reader);
    const position = (await first.next((e) => e.event === 'ready')).id;
    const [seen] = await afterMarker(a.tenantId, first);
    expect(seen).toEqual([]);
    const lastSeen = first.events.at(-1)!.id!;
    first.close();
    await send({ tenantId: a.tenantId, topic: { community: true }, event: 'test.missed-1', data: { n: 1 } });
    await send({ tenantId: a.tenantId, topic: { user: restricted.userId }, event: 'test.not-yours' });
    await send({ tenantId: b.tenantId, topic: { community: true }, event: 'test.other-community' });
    await send({ tenantId: a.tenantId, topic: { community: true }, event: 'test.missed-2', data: { n: 2 } });
    const again = await ready(reader, '/api/v1/live', { 'last-event-id': lastSeen });
    expect(again.events.map((e) => e.event)).toEqual(['test.missed-1', 'test.missed-2', 'ready']);
    expect(Number(again.events[1].id)).toBeGreaterThan(Number(again.events[0].id));
    expect(Number(again.events[0].id)).toBeGreaterThan(Number(lastSeen));
    // The query parameter works the same (for clients that cannot set the header).
    const viaQuery = await ready(reader, `/api/v1/live?lastEventId=${lastSeen}`);
    expect(viaQuery.events.map((e) => e.event)).toEqual(['test.missed-1', 'test.missed-2', 'ready']);
    // The first stream's ready carried a position too: resuming from it replays the marker and the rest.
    expect(position).toMatch(/^\d+$/);
    const fromReady = await ready(reader, '/api/v1/live', { 'last-event-id': position! });
    expect(fromReady.events.map((e) => e.event)).toEqual(['test.marker', 'test.missed-1', 'test.missed-2', 'ready']);
  });

  it('a Last-Event-ID no longer kept (or never this community’s) gets `reset`: reload, then live again', async () => {
    const elsewhere = await ready(b);
    const [bGot] = await afterMarker(b.tenantId, elsewhere);
    expect(bGot).toEqual([]);
    const bEventId = elsewhere.events.at(-1)!.id!;
    // An id of community B's events does not replay anything of A.
    const s = await ready(a, '/api/v1/live', { 'last-event-id': bEventId });
    expect(s.events.map((e) => e.event)).toEqual(['reset', 'ready']);
    expect(Number(s.events[0].id)).toBeGreaterThan(0);
    await send({ tenantId: a.tenantId, topic: { community: true }, event: 'test.after-reset' });
    await s.next((e) => e.event === 'test.after-reset');
  });

  it('events older than the retention are forgotten; a stream resuming from one gets `reset`', async () => {
    const s = await ready(reader);
    const [got] = await afterMarker(a.tenantId, s);
    expect(got).toEqual([]);
    const position = s.events.at(-1)!.id!;
    s.close();
    await send({ tenantId: a.tenantId, topic: { community: true }, event: 'test.kept' });
    // The marker was published "an hour ago"; the event after it just now.
    await t.app.db.query("update live_events set created_at = now() - interval '1 hour' where id = $1", [Number(position)]);
    await t.app.live.forgetOld();
    const left = await t.app.db.query<{ id: string }>('select id from live_events where id = $1', [Number(position)]);
    expect(left).toEqual([]);
    const resumed = await ready(reader, '/api/v1/live', { 'last-event-id': position });
    expect(resumed.events.map((e) => e.event)).toEqual(['reset', 'ready']);
    const kept = await t.app.db.query<{ event: string }>("select event from live_events where event = 'test.kept'");
    expect(kept.length).toBeGreaterThan(0);
  });

  // PostgreSQL only: the embedded engine has no listening connection to lose.
  if (process.env.TEST_DATABASE_URL) {
    it('when the listening connection is lost, the streams catch up on what was published meanwhile', async () => {
      const s = await ready(reader);
      const [got] = await afterMarker(a.tenantId, s);
      expect(got).toEqual([]);
      const ended = await t.app.db.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`,
      );
      expect(ended.map((r) => r.ended)).toEqual([true]);
      // Nobody listens now: this NOTIFY reaches no process. The stream gets it once the hub is back.
      await send({ tenantId: a.tenantId, topic: { community: true }, event: 'test.while-deaf' });
      await s.next((e) => e.event === 'test.while-deaf', 10_000);
      const [after] = await afterMarker(a.tenantId, s);
      expect(after).toEqual([]);
      expect(s.events.filter((e) => e.event === 'test.while-deaf')).toHaveLength(1);
    });
  }

  it('refuses a caller without a session, a malformed Last-Event-ID and more streams than the cap', async () => {
    const anonymous = await stream(null);
    expect(anonymous.status).toBe(401);
    const bad = await stream(a, '/api/v1/live', { 'last-event-id': 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'validation_failed', fields: { 'Last-Event-ID': expect.any(String) } } });
    const c = await t.signup(); // no stream of its owner open yet
    const cap = t.app.live.limits.maxStreamsPerUser;
    const mine: SseClient[] = [];
    for (let i = 0; i < cap; i++) mine.push(await stream(c));
    expect(mine.map((s) => s.status)).toEqual(Array(cap).fill(200));
    const over = await stream(c);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: { code: 'too_many_streams' } });
    // Closing one frees its place (the server sees the socket close).
    mine[0].close();
    let status = 429;
    for (let i = 0; i < 50 && status === 429; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const retry = await stream(c);
      status = retry.status;
    }
    expect(status).toBe(200);
  });

  it('signing out ends the session’s stream (and the other streams of the community stay)', async () => {
    const login = await t.request({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: reader.email, password: reader.password, community: reader.name },
    });
    const token = login.json().token as string;
    const headers = { authorization: `Bearer ${token}`, 'community-name': reader.name };
    const doomed = await ready({ headers });
    const stays = await ready(a);
    const out = await t.request({ method: 'POST', url: '/api/v1/auth/logout', headers });
    expect(out.statusCode).toBe(204);
    await doomed.closed();
    const [got] = await afterMarker(a.tenantId, stays);
    expect(got).toEqual([]);
  });
});

describe('public live channels (/public/<community>/live/<channel>)', () => {
  it('a visitor receives the channel’s events (and its key’s), never the console’s', async () => {
    const visitor = await ready(null, `/public/${a.name}/live/test-room`);
    const inRoom = await ready(null, `/public/${a.name}/live/test-room?key=room-7`);
    await send({ tenantId: a.tenantId, topic: { community: true }, event: 'test.console-only' });
    await send({ tenantId: a.tenantId, topic: { public: 'test-room', key: 'room-7' }, event: 'test.room-7' });
    await send({ tenantId: a.tenantId, topic: { public: 'test-room', key: 'room-8' }, event: 'test.room-8' });
    await send({ tenantId: b.tenantId, topic: { public: 'test-room' }, event: 'test.other-community' });
    await send({ tenantId: a.tenantId, topic: { public: 'test-room' }, event: 'test.everyone' });
    await visitor.next((e) => e.event === 'test.everyone');
    await inRoom.next((e) => e.event === 'test.everyone');
    expect(visitor.events.map((e) => e.event)).toEqual(['ready', 'test.everyone']);
    expect(inRoom.events.map((e) => e.event)).toEqual(['ready', 'test.room-7', 'test.everyone']);
  });

  it('refuses an unknown channel, community or key', async () => {
    expect((await stream(null, `/public/${a.name}/live/no-such-channel`)).status).toBe(404);
    expect((await stream(null, '/public/no-such-community-here/live/test-room')).status).toBe(404);
    const wrongKey = await stream(null, `/public/${a.name}/live/test-room?key=kitchen`);
    expect(wrongKey.status).toBe(403);
  });
});

describe('SseStream (backpressure)', () => {
  /** A response whose socket takes `room` writes after each drain, then reports a full buffer. */
  function slowResponse(room: number) {
    let sinceDrain = 0;
    const raw = Object.assign(new EventEmitter(), {
      written: [] as string[],
      writableEnded: false,
      write(chunk: string) {
        raw.written.push(chunk);
        return ++sinceDrain < room;
      },
      end() {
        raw.writableEnded = true;
      },
      drain() {
        sinceDrain = 0;
        raw.emit('drain');
      },
    });
    return raw;
  }

  it('queues frames while the socket is full, sends them in order on drain, and cuts a reader that falls too far behind', () => {
    const raw = slowResponse(2);
    let closed = 0;
    const stream = new SseStream(raw as unknown as ServerResponse, {
      keepAliveMs: 60_000,
      maxQueuedBytes: 100,
      retryMs: 2_000,
      onClose: () => closed++,
    });
    stream.send({ id: 1, event: 'a', data: '1' }); // the second write fills the buffer
    stream.send({ id: 2, event: 'b', data: '2' });
    stream.send({ id: 3, event: 'c', data: '3' });
    stream.send({ id: 4, event: 'd', data: '4' });
    expect(raw.written).toEqual(['retry: 2000\n\n', 'id: 1\nevent: a\ndata: 1\n\n']);
    raw.drain(); // room for two: the third queued frame waits for the next drain
    expect(raw.written.slice(2)).toEqual(['id: 2\nevent: b\ndata: 2\n\n', 'id: 3\nevent: c\ndata: 3\n\n']);
    raw.drain();
    expect(raw.written.slice(4)).toEqual(['id: 4\nevent: d\ndata: 4\n\n']);
    expect(stream.isClosed).toBe(false);
    stream.send({ id: 5, event: 'e', data: '5' }); // fills the buffer again
    // The queue grows past 100 bytes: the stream ends (the client reconnects and catches up).
    for (let i = 0; i < 10 && !stream.isClosed; i++) stream.send({ id: 10 + i, event: 'bulk', data: 'x'.repeat(20) });
    expect(stream.isClosed).toBe(true);
    expect(raw.writableEnded).toBe(true);
    expect(closed).toBe(1);
    raw.emit('close');
    expect(closed).toBe(1);
  });
});
