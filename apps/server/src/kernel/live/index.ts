/**
 * Live surface: server-sent events to console tabs and public visitors, across server processes.
 * A module publishes in its write's transaction; streams receive it after commit if they may read it.
 */
export type { LiveHub, PublicChannel } from './hub';
export { publish } from './publish';
export type { LiveMessage, LiveTopic } from './topics';
