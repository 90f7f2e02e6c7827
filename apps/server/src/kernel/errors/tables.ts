import { integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { filterIndexes, tenantTable } from '../db/tenant-table';

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
    ...filterIndexes('error_codes', t, { module: t.module, status: t.httpStatus }),
  ],
);
