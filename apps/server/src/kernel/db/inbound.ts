import { index, text } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables';
import { ref } from './relations';
import { filterIndexes, sortIndexes } from './tenant-table';

// An inbound list is what a public form fills (contact us, the website's requests and registrations):
// who sent it, what they sent (the list's own columns) and how the console handles it.

/** Who sent it: the columns every inbound list has first. */
export const senderColumns = () => ({ name: text('name').notNull(), email: text('email').notNull(), phone: text('phone') });

/** How it is handled: a status (new ones start at the first), internal notes and the admin who handles it. */
export const handlingColumns = <S extends string>(statuses: readonly [S, ...S[]]) => ({
  status: text('status', { enum: statuses as [S, ...S[]] })
    .notNull()
    .default(statuses[0]),
  /** Internal notes of whoever handles it. */
  notes: text('notes'),
  /** The admin who handles it. */
  assigneeId: ref('assignee_id', () => users, 'set null'),
});

/** Indexes of an inbound list: the status filter (newest first), name/email sorts, the assignee filter. */
export const inboundIndexes = (name: string, t: any) => [
  index(`${name}_status_idx`).on(t.tenantId, t.status, t.createdAt),
  ...sortIndexes(name, t, { name: t.name, email: t.email }),
  ...filterIndexes(name, t, { assignee: t.assigneeId }),
];
