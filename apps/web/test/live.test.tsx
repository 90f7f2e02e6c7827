import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NotificationsBell } from '../src/app/shell/notifications-bell';
import { connectLive, type LiveEvent, sseParser } from '../src/lib/live';
import { calls, mockApi } from './fetch-mock';
import { fakeToken, renderAt } from './render';

const slow = { timeout: 10_000 };

/** An event stream a test writes frames to, then ends. */
function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    stream,
    send: (frame: { id?: number; event: string; data: unknown }) =>
      controller.enqueue(
        encoder.encode(`${frame.id ? `id: ${frame.id}\n` : ''}event: ${frame.event}\ndata: ${JSON.stringify(frame.data)}\n\n`),
      ),
    end: () => controller.close(),
  };
}

describe('the live stream (lib/live)', () => {
  it('parses frames split anywhere, with comments and several data lines', () => {
    const frames: unknown[] = [];
    const feed = sseParser((f) => frames.push(f));
    feed('retry: 2000\n\n: keep-alive\n\nid: 4\nevent: a.b\nda');
    feed('ta: {"x":\ndata: 1}\n\n');
    expect(frames).toEqual([{ id: '4', event: 'a.b', data: '{"x":\n1}' }]);
  });

  it('delivers events, resynchronises on ready, and reconnects with the Last-Event-ID it got', async () => {
    localStorage.setItem('token', fakeToken(Math.floor(Date.now() / 1000) + 600));
    const first = eventStream();
    const second = eventStream();
    const streams = [first, second];
    mockApi((method, url) => (method === 'GET' && url.pathname === '/api/v1/live' ? { stream: streams.shift()?.stream } : undefined));
    const events: LiveEvent[] = [];
    let syncs = 0;
    const live = connectLive({ url: 'http://localhost/api/v1/live', onEvent: (e) => events.push(e), onSync: () => syncs++, retryMs: 10 });
    try {
      first.send({ id: 5, event: 'ready', data: {} });
      first.send({ id: 6, event: 'notification.created', data: { id: 6, topic: { community: true }, data: { id: 'n1' } } });
      await waitFor(() => expect(events.map((e) => e.event)).toEqual(['notification.created']));
      expect(syncs).toBe(1);
      first.end();
      await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/v1/live')).toHaveLength(2));
      second.send({ id: 7, event: 'notification.changed', data: { id: 7, topic: { community: true }, data: { id: 'n1' } } });
      second.send({ id: 7, event: 'ready', data: {} });
      await waitFor(() => expect(events.map((e) => e.event)).toEqual(['notification.created', 'notification.changed']));
      expect(syncs).toBe(2);
    } finally {
      live.close();
    }
  });
});

describe('the notification bell', () => {
  it('updates its unread count live when the stream announces a notification', async () => {
    localStorage.setItem('token', fakeToken(Math.floor(Date.now() / 1000) + 600));
    const live = eventStream();
    let unread = 0;
    const notifications = [] as { id: string; createdAt: string; title: string; read: boolean; link: null; body: null; level: string }[];
    mockApi((method, url) => {
      const key = `${method} ${url.pathname}`;
      if (key === 'GET /api/v1/meta/modules') {
        return {
          body: {
            data: [
              {
                key: 'kernel',
                label: 'Kernel',
                permissionModules: [{ key: 'notifications', label: 'Notifications', read: true, write: false }],
              },
            ],
          },
        };
      }
      if (key === 'GET /api/v1/live') return { stream: live.stream };
      if (key === 'GET /api/v1/ops/notifications') {
        if (url.searchParams.get('read') === 'false') return { body: { data: [], total: unread, limit: 1, offset: 0, nextCursor: null } };
        return { body: { data: notifications, total: null, limit: 6, offset: 0, nextCursor: null } };
      }
      return undefined;
    });
    renderAt(<NotificationsBell />);
    live.send({ id: 1, event: 'ready', data: {} });
    await screen.findByRole('button', { name: 'Notifications' }, slow);
    // Loaded once (no unread), and the stream is open: from here on only the stream can change it.
    await waitFor(() => {
      expect(calls.some((c) => c.url.pathname === '/api/v1/live')).toBe(true);
      expect(calls.some((c) => c.url.searchParams.get('read') === 'false')).toBe(true);
    }, slow);
    // A notification is created elsewhere: the server's stream says so, and the bell reloads its count.
    unread = 1;
    notifications.push({
      id: 'n1',
      createdAt: new Date().toISOString(),
      title: 'Stock is low',
      read: false,
      link: null,
      body: null,
      level: 'info',
    });
    const before = calls.filter((c) => c.url.pathname === '/api/v1/ops/notifications').length;
    live.send({
      id: 2,
      event: 'notification.created',
      data: { id: 2, topic: { record: ['ops/notifications', 'n1'] }, data: { id: 'n1' } },
    });
    await screen.findByRole('button', { name: 'Notifications, 1 unread' }, slow);
    expect(calls.filter((c) => c.url.pathname === '/api/v1/ops/notifications').length).toBeGreaterThan(before);
    live.end();
  });
  it("opens a notice's record on the screen the console declares for it when the server gave no link", async () => {
    localStorage.setItem('token', fakeToken(Math.floor(Date.now() / 1000) + 600));
    const live = eventStream();
    const note = { createdAt: new Date().toISOString(), read: false, body: null, level: 'info' };
    mockApi((method, url) => {
      const key = `${method} ${url.pathname}`;
      if (key === 'GET /api/v1/meta/modules') {
        return {
          body: {
            data: [
              {
                key: 'kernel',
                label: 'Kernel',
                permissionModules: [{ key: 'notifications', label: 'Notifications', read: true, write: false }],
              },
            ],
          },
        };
      }
      if (key === 'GET /api/v1/live') return { stream: live.stream };
      if (key === 'GET /api/v1/ops/notifications') {
        if (url.searchParams.get('read') === 'false') return { body: { data: [], total: 2, limit: 1, offset: 0, nextCursor: null } };
        const data = [
          { ...note, id: 'n1', title: 'Contact message from Ravi', link: null, source: 'contact-us/messages', recordId: 'm1' },
          {
            ...note,
            id: 'n2',
            title: 'New message from Asha',
            link: '/admin-panel/getintouch?record=g1',
            source: 'site/get-in-touch-messages',
            recordId: 'g1',
          },
          { ...note, id: 'n3', title: 'Backup finished', link: null, source: null, recordId: null },
        ];
        return { body: { data, total: null, limit: 6, offset: 0, nextCursor: null } };
      }
      return undefined;
    });
    renderAt(<NotificationsBell />);
    live.send({ id: 1, event: 'ready', data: {} });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }, slow));
    // The popover's links (read by their text: the dropdown is aria-hidden while its transition runs).
    const linkOf = (title: string) => screen.getByText(title).closest('a')?.getAttribute('href') ?? null;
    await waitFor(() => expect(linkOf('Contact message from Ravi')).toBe('/admin-panel/contactUs?record=m1'), slow);
    expect(linkOf('New message from Asha')).toBe('/admin-panel/getintouch?record=g1');
    expect(linkOf('Backup finished')).toBeNull();
    live.end();
  });
});
