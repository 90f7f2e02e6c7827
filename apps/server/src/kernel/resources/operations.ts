/** A list the console only reads: its rows are written elsewhere (callbacks, services, the audit). */
export const noWrites = { create: false, update: false, delete: false } as const;

/** A list written elsewhere that the console may clear rows from (logs, the outbox, uploaded files). */
export const deleteOnly = { create: false, update: false, delete: true } as const;
