import { boolean, index, integer, text, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../db/tenant-table';

/** Uploaded files; the bytes live in storage (local disk), the record keeps what was sniffed. */
export const files = tenantTable(
  'files',
  {
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    isPublic: boolean('is_public').notNull().default(true),
    uploadedBy: uuid('uploaded_by'),
    purpose: text('purpose'),
  },
  (t) => [
    index('files_filename_idx').on(t.tenantId, t.filename, t.id),
    index('files_type_idx').on(t.tenantId, t.contentType),
    index('files_purpose_idx').on(t.tenantId, t.purpose),
    index('files_public_idx').on(t.tenantId, t.isPublic),
    index('files_size_idx').on(t.tenantId, t.size, t.id),
  ],
);
