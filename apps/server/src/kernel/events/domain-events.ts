import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../db/database';
import { boundToDatabase } from '../db/per-database';
import { unitOfWorkOwner } from '../db/unit-of-work';
import { errors } from '../errors/app-error';
import type { AppModule } from '../module';
import { domainEvents, eventDeliveries } from './tables';

/**
 * The domain events, by name, with their payloads. A module adds its own by declaration merging:
 *
 *   declare module '../../kernel/events' {
 *     interface DomainEvents { 'commerce.order.paid': { orderId: string; total: number } }
 *   }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules through declaration merging
export interface DomainEvents {}

export type EventName = keyof DomainEvents & string;

export interface DomainEvent<E extends EventName = EventName> {
  id: string;
  name: E;
  tenantId: string;
  payload: DomainEvents[E];
  occurredAt: Date;
}

/** What a subscriber runs in: the community's transaction that also marks the delivery done. */
export interface SubscriberContext {
  tx: Db;
  tenantId: string;
  app: FastifyInstance;
}

export type Subscriber<E extends EventName> = (event: DomainEvent<E>, ctx: SubscriberContext) => Promise<void>;

/** A module's subscribers: event name → handler. */
export type Subscribers = { [E in EventName]?: Subscriber<E> };

export const DELIVER_JOB = 'events.deliver';
/** Pending deliveries older than this are the sweep's (a crash between the commit and the handler). */
const SWEEP_AFTER_SECONDS = 60;

interface DeliveryJob {
  tenantId: string;
  deliveryId: string;
}

/** An event as read back for delivery: its name picks the subscriber, whose declared type its payload has. */
type StoredEvent = Omit<DomainEvent, 'name' | 'payload'> & { name: string; payload: unknown };
type Handler = (event: StoredEvent, ctx: SubscriberContext) => Promise<void>;

/** The running app's subscribers, by event name then module key. */
const buses = boundToDatabase<EventBus>('event bus');

interface EventBus {
  subscribersOf(name: string): string[];
  handler(subscriber: string, name: string): Handler | undefined;
  app: FastifyInstance;
}

/**
 * Records event `name` in the write's transaction `tx` (a community's, db.withTenant) with one
 * delivery per subscribing module, each queued through the job outbox: they run after the commit,
 * and never if the write rolls back. Returns the event's id.
 */
export async function emit<E extends EventName>(tx: Db, name: E, payload: DomainEvents[E]): Promise<string> {
  const bus = buses.of(unitOfWorkOwner('emit()') as Database);
  const [event] = await tx
    .insert(domainEvents)
    .values({ tenantId: sql`current_setting('app.tenant_id')::uuid`, name, payload: payload as Record<string, unknown> })
    .returning({ id: domainEvents.id, tenantId: domainEvents.tenantId });
  const subscribers = bus.subscribersOf(name);
  if (subscribers.length === 0) return event.id;
  const deliveries = await tx
    .insert(eventDeliveries)
    .values(subscribers.map((subscriber) => ({ tenantId: event.tenantId, eventId: event.id, eventName: name, subscriber })))
    .returning({ id: eventDeliveries.id });
  for (const delivery of deliveries) {
    await bus.app.jobs.enqueue<DeliveryJob>(tx, event.tenantId, DELIVER_JOB, { tenantId: event.tenantId, deliveryId: delivery.id });
  }
  return event.id;
}

/**
 * Wires the modules' subscribers into the app: the delivery job, the sweep of deliveries a crash
 * left pending (at start and every minute), and `emit` for the app's database.
 */
export function installDomainEvents(app: FastifyInstance, modules: AppModule[]): void {
  const handlers = new Map<string, Map<string, Handler>>();
  for (const module of modules) {
    for (const [name, handler] of Object.entries(module.subscribers ?? {})) {
      if (!handler) continue;
      if (!handlers.has(name)) handlers.set(name, new Map());
      // Declared per name (Subscribers): the delivery hands each handler an event of its own name.
      handlers.get(name)!.set(module.key, handler as unknown as Handler);
    }
  }
  buses.bind(app.db, {
    app,
    subscribersOf: (name) => [...(handlers.get(name)?.keys() ?? [])],
    handler: (subscriber, name) => handlers.get(name)?.get(subscriber),
  });
  app.jobs.handle<DeliveryJob>(DELIVER_JOB, (job) => deliver(app, handlers, job));

  let sweeper: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    // A process that died mid-delivery left its deliveries pending: hand them out again now.
    await sweepDeliveries(app, 0).catch((err) => app.log.error({ err }, 'event delivery sweep failed'));
    sweeper = setInterval(
      () => void sweepDeliveries(app).catch((err) => app.log.error({ err }, 'event delivery sweep failed')),
      SWEEP_AFTER_SECONDS * 1000,
    );
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    if (sweeper) clearInterval(sweeper);
  });
}

/**
 * Runs one delivery: the delivery's row is locked, a done one is left alone, else the subscriber
 * runs and the row is marked done in the same transaction. A failure is recorded (error, attempts)
 * and rethrown: pg-boss retries the job with backoff.
 */
async function deliver(app: FastifyInstance, handlers: Map<string, Map<string, Handler>>, { tenantId, deliveryId }: DeliveryJob) {
  try {
    await app.db.withTenant(tenantId, async (tx) => {
      const [row] = await tx
        .select({
          status: eventDeliveries.status,
          subscriber: eventDeliveries.subscriber,
          eventId: domainEvents.id,
          name: domainEvents.name,
          payload: domainEvents.payload,
          occurredAt: domainEvents.createdAt,
        })
        .from(eventDeliveries)
        .innerJoin(domainEvents, and(eq(domainEvents.tenantId, eventDeliveries.tenantId), eq(domainEvents.id, eventDeliveries.eventId)))
        .where(and(eq(eventDeliveries.tenantId, tenantId), eq(eventDeliveries.id, deliveryId)))
        .for('update', { of: eventDeliveries });
      if (!row || row.status === 'done') return;
      const handler = handlers.get(row.name)?.get(row.subscriber);
      if (!handler) throw new Error(`Module ${row.subscriber} no longer subscribes to ${row.name}`);
      const event: StoredEvent = { id: row.eventId, name: row.name, tenantId, payload: row.payload, occurredAt: row.occurredAt };
      await handler(event, { tx, tenantId, app });
      await tx
        .update(eventDeliveries)
        .set({ status: 'done', attempts: sql`${eventDeliveries.attempts} + 1`, lastError: null, processedAt: new Date() })
        .where(and(eq(eventDeliveries.tenantId, tenantId), eq(eventDeliveries.id, deliveryId)));
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await app.db.withTenant(tenantId, (tx) =>
      tx
        .update(eventDeliveries)
        .set({ status: 'failed', attempts: sql`${eventDeliveries.attempts} + 1`, lastError: message.slice(0, 2000) })
        .where(and(eq(eventDeliveries.tenantId, tenantId), eq(eventDeliveries.id, deliveryId), sql`${eventDeliveries.status} <> 'done'`)),
    );
    throw err;
  }
}

/** Queues again the deliveries left pending longer than `olderThanSeconds` (every community). Returns how many. */
export async function sweepDeliveries(app: FastifyInstance, olderThanSeconds = SWEEP_AFTER_SECONDS): Promise<number> {
  const rows = await app.db.query<{ tenant_id: string; id: string }>(
    `select tenant_id, id from event_deliveries
      where status = 'pending' and updated_at < now() - make_interval(secs => $1) order by updated_at limit 500`,
    [olderThanSeconds],
  );
  for (const row of rows) await app.jobs.send<DeliveryJob>(DELIVER_JOB, { tenantId: row.tenant_id, deliveryId: row.id });
  return rows.length;
}

/** Runs a delivery that failed again (the console's Retry): it goes back to pending and is queued after the commit. */
export async function retryDelivery(app: FastifyInstance, tenantId: string, deliveryId: string) {
  return app.db.withTenant(tenantId, async (tx) => {
    const [row] = await tx
      .update(eventDeliveries)
      .set({ status: 'pending' })
      .where(and(eq(eventDeliveries.tenantId, tenantId), eq(eventDeliveries.id, deliveryId), eq(eventDeliveries.status, 'failed')))
      .returning({ id: eventDeliveries.id, status: eventDeliveries.status });
    if (!row) {
      const [exists] = await tx
        .select({ status: eventDeliveries.status })
        .from(eventDeliveries)
        .where(and(eq(eventDeliveries.tenantId, tenantId), eq(eventDeliveries.id, deliveryId)));
      if (!exists) throw errors.notFound('Event delivery');
      throw errors.conflict('not_retryable', `Only a failed delivery can be retried (this one is ${exists.status})`);
    }
    await app.jobs.enqueue<DeliveryJob>(tx, tenantId, DELIVER_JOB, { tenantId, deliveryId });
    return row;
  });
}
