/**
 * Who a live event is for. Only callers who may read it receive it (hub.ts, mayReceive):
 * - `{ community: true }`: every signed-in user of the community;
 * - `{ user: id }`: that user's streams only;
 * - `{ record: [resource, id] }`: users who may read the resource (its permission module, read);
 * - `{ public: channel, key? }`: visitors of a public channel a module offers (`key`: only the visitors
 *   let in with that key, e.g. one chat conversation; without it, every visitor of the channel).
 */
export type LiveTopic =
  | { community: true }
  | { user: string }
  | { record: readonly [resource: string, id: string] }
  | { public: string; key?: string };

export interface LiveMessage {
  tenantId: string;
  topic: LiveTopic;
  /** The SSE event name, e.g. `notification.created`. */
  event: string;
  /** Anything JSON; kept small (a hint what changed, not the record). */
  data?: unknown;
}

/** An event as streams receive it (and as catch-up reads it back). */
export interface LiveEvent {
  id: number;
  tenantId: string;
  topic: LiveTopic;
  event: string;
  data: unknown;
}

export const EVENT_NAME = /^[a-z][a-z0-9_.-]{0,99}$/;
/** Public channel names (they appear in a URL). */
export const CHANNEL_NAME = /^[a-z][a-z0-9-]{0,62}$/;
const KEY = /^[A-Za-z0-9_.:-]{1,200}$/;
const ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The topic in its stored form, or an error message saying what is wrong with it. */
export function checkTopic(topic: LiveTopic): LiveTopic | string {
  if ('community' in topic) return topic.community === true ? { community: true } : 'community topic must be { community: true }';
  if ('user' in topic) return ID.test(topic.user) ? { user: topic.user } : 'user topic needs a user id';
  if ('record' in topic) {
    const [resource, id] = topic.record ?? [];
    return typeof resource === 'string' && resource.length <= 200 && typeof id === 'string' && ID.test(id)
      ? { record: [resource, id] }
      : 'record topic needs [resource path, record id]';
  }
  if ('public' in topic) {
    if (!CHANNEL_NAME.test(topic.public)) return 'public topic needs a channel name';
    if (topic.key !== undefined && !KEY.test(topic.key)) return 'public topic key is not valid';
    return topic.key === undefined ? { public: topic.public } : { public: topic.public, key: topic.key };
  }
  return 'unknown topic';
}
