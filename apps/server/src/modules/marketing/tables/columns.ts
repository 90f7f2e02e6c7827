import { timestamp } from 'drizzle-orm/pg-core';

// Column helpers the marketing tables share (this file declares no table).

/** A point in time: `timestamptz`, read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
