import type { FieldUi } from './types';

// The resource side of an inbound list (its columns: db/inbound.ts).

/** What the console changes on an inbound record; the rest stays as the visitor sent it. */
export const inboundEditable = ['status', 'notes', 'assigneeId'] as const;

/** How the console shows the sender's email and the handling fields of an inbound record. */
export const inboundUi: Record<string, FieldUi> = {
  notes: { widget: 'textarea', help: 'Internal: never shown to the visitor' },
  assigneeId: { label: 'Assignee', help: 'The admin who handles it' },
  email: { widget: 'email' },
};
