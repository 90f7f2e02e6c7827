import type { FastifyInstance } from 'fastify';

/**
 * How long a delivered domain event is kept. An event is a delivery record, not history (the audit
 * log is that): once every subscriber has applied it, its payload is only a copy — and some payloads
 * are personal (`forms.submitted` holds the visitor's address and browser, the proof its consent
 * needs, which the subscriber that records the consent keeps with it). An event a subscriber has not
 * applied yet (pending, or failed and waiting for a retry) is kept whatever its age.
 */
export const EVENT_RETENTION_DAYS = 30;
export const PRUNE_EVENTS_JOB = 'events.prune';
/** Events removed per statement, so one run never holds a long lock over a large backlog. */
const BATCH = 5_000;

/**
 * Removes the events older than `days` whose deliveries are all done (or that had no subscriber),
 * with their deliveries, in every community; returns how many events went.
 */
export async function pruneDomainEvents(app: FastifyInstance, days = EVENT_RETENTION_DAYS): Promise<number> {
  let removed = 0;
  for (;;) {
    const [{ n }] = await app.db.query<{ n: number }>(
      `with old as (
         select e.tenant_id, e.id from domain_events e
          where e.created_at < now() - make_interval(days => $1)
            and not exists (select 1 from event_deliveries d
                             where d.tenant_id = e.tenant_id and d.event_id = e.id and d.status <> 'done')
          limit $2),
       deliveries as (delete from event_deliveries d using old where d.tenant_id = old.tenant_id and d.event_id = old.id),
       events as (delete from domain_events e using old where e.tenant_id = old.tenant_id and e.id = old.id returning 1)
       select count(*)::int as n from events`,
      [days, BATCH],
    );
    removed += Number(n);
    if (Number(n) < BATCH) return removed;
  }
}

/** The kernel's declaration of the sweep: daily at 03:17 (an hour few communities work in). */
export const eventRetention = {
  jobs: {
    [PRUNE_EVENTS_JOB]: async (_data: object, app: FastifyInstance) => {
      const removed = await pruneDomainEvents(app);
      if (removed > 0) app.log.info({ removed }, 'delivered domain events past their retention removed');
    },
  },
  schedules: { [PRUNE_EVENTS_JOB]: '17 3 * * *' },
};
