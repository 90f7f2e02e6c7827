import { index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantTable } from '../db/tenant-table';

/** A community's error codes: the message its users see for a code (overrides the built-in one). */
export const errorCodes = tenantTable(
  'error_codes',
  {
    code: text('code').notNull(),
    message: text('message').notNull(),
    description: text('description'),
    httpStatus: integer('http_status'),
    module: text('module'),
  },
  (t) => [
    uniqueIndex('error_codes_code_uq').on(t.tenantId, t.code),
    index('error_codes_module_idx').on(t.tenantId, t.module),
    index('error_codes_status_idx').on(t.tenantId, t.httpStatus),
  ],
);
