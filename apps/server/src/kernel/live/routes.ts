import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken, loadSession } from '../auth/plugin';
import { sessionCacheFor } from '../auth/session-cache';
import { errors } from '../errors/app-error';
import { requireCommunity } from '../tenancy/communities';
import { type LiveHub as Hub, LIVE_LIMITS, LiveHub, type LiveLimits, type Viewer } from './hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live updates: streams of this process, public channels modules offer (kernel/live). */
    live: Hub;
  }
}

const tags = ['live'];
const lastEventIdField = z
  .string()
  .regex(/^\d{1,15}$/, 'An event id (digits)')
  .optional()
  .describe('Resume after this event (what EventSource sends as the Last-Event-ID header)');

/** The position a reconnecting client resumes from: the Last-Event-ID header, else `?lastEventId=`. */
function lastEventId(req: FastifyRequest, fromQuery: string | undefined): number | null {
  const header = req.headers['last-event-id'];
  const value = typeof header === 'string' && header !== '' ? header : fromQuery;
  if (value === undefined) return null;
  if (!/^\d{1,15}$/.test(value)) throw errors.validation({ 'Last-Event-ID': 'An event id (digits)' });
  return Number(value);
}

/** Takes the response over from Fastify and starts the event stream (the route's headers kept). */
function openStream(reply: FastifyReply) {
  reply.hijack();
  const headers = reply.getHeaders() as Record<string, string | string[] | number>;
  reply.raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // Proxies (nginx) would otherwise buffer the stream.
    'x-accel-buffering': 'no',
  });
  reply.raw.flushHeaders();
  return reply.raw;
}

/**
 * The live-update streams. The console's stream is authenticated like every API call, by the bearer
 * token in the Authorization header: the console reads it with fetch() (EventSource cannot send
 * headers), so the token never appears in a URL, a log line or the browser history. Public streams
 * are for visitors of a channel a module offers.
 */
export const liveUpdates = fp(async (app: FastifyInstance, options: { limits?: Partial<LiveLimits> }) => {
  const hub = new LiveHub(app.db, app.resources, (claims) => loadSession(app, claims), { ...LIVE_LIMITS, ...options.limits });
  app.decorate('live', hub);
  await hub.start();
  const unsubscribe = sessionCacheFor(app.db).onDrop((tenantId) => {
    hub.sessionsChanged(tenantId).catch((err) => app.log.error({ err }, 'live streams could not re-check their sessions'));
  });
  // Before the server stops accepting: open streams would otherwise hold the close up.
  app.addHook('preClose', async () => {
    unsubscribe();
    hub.stop();
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const start = async (req: FastifyRequest, reply: FastifyReply, tenantId: string, viewer: Viewer, from: number | null) => {
    const release = hub.admit(viewer);
    const raw = openStream(reply);
    await hub.attach(raw, tenantId, viewer, from, release).catch((err) => {
      req.log.error({ err }, 'live stream failed');
      if (!raw.writableEnded) raw.end();
    });
  };

  r.get(
    '/api/v1/live',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'Live updates of the community (text/event-stream): events about records the caller may read, the caller and the community; Last-Event-ID resumes',
        querystring: z.object({ lastEventId: lastEventIdField }),
        produces: ['text/event-stream'],
      },
    },
    async (req, reply) => {
      const from = lastEventId(req, req.query.lastEventId);
      const auth = req.auth!;
      const claims = app.tokens.verify(bearerToken(req) ?? '');
      if (!claims) throw errors.unauthenticated();
      await start(req, reply, auth.tenantId, { kind: 'user', auth, claims }, from);
    },
  );

  r.get(
    '/public/:community/live/:channel',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Live updates of a public channel a module offers (text/event-stream), e.g. a chat widget',
        params: z.object({ community: z.string().min(1).max(63), channel: z.string().min(1).max(63) }),
        querystring: z.object({
          key: z.string().min(1).max(200).optional().describe('What the channel lets this visitor follow (e.g. a conversation token)'),
          lastEventId: lastEventIdField,
        }),
        produces: ['text/event-stream'],
      },
    },
    async (req, reply) => {
      const from = lastEventId(req, req.query.lastEventId);
      const community = await requireCommunity(app.db, req.params.community);
      const channel = hub.publicChannel(req.params.channel);
      if (!channel) throw errors.notFound('Live channel');
      const { key } = req.query;
      if (key !== undefined && !(await channel.authorize?.({ tenantId: community.id, key, req }))) {
        throw errors.forbidden('This key does not open the channel');
      }
      await start(req, reply, community.id, { kind: 'visitor', channel: req.params.channel, key, address: req.ip }, from);
    },
  );
});
