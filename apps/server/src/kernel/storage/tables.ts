import { boolean, foreignKey, index, integer, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables';
import { ref } from '../db/relations';
import { filterIndexes, sortIndexes, tenantTable } from '../db/tenant-table';

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
    uploadedBy: ref('uploaded_by', () => users, 'set null'),
    purpose: text('purpose'),
  },
  (t) => [
    ...sortIndexes('files', t, { filename: t.filename, size: t.size }),
    ...filterIndexes('files', t, { type: t.contentType, purpose: t.purpose, public: t.isPublic, uploaded_by: t.uploadedBy }),
  ],
);

/**
 * Which record holds which file: written by the resource kit from the file fields a resource
 * declares, on every create and update, removed with the record. A private file is readable by
 * whoever may read a record that holds it (the permission module of that record's resource).
 */
export const fileLinks = tenantTable(
  'file_links',
  {
    fileId: uuid('file_id').notNull(),
    /** The resource's path, e.g. site/career-applications. */
    resource: text('resource').notNull(),
    recordId: uuid('record_id').notNull(),
    field: text('field').notNull(),
  },
  (t) => [
    uniqueIndex('file_links_uq').on(t.tenantId, t.resource, t.recordId, t.field, t.fileId),
    index('file_links_file_idx').on(t.tenantId, t.fileId),
    foreignKey({ name: 'file_links_file_fk', columns: [t.tenantId, t.fileId], foreignColumns: [files.tenantId, files.id] }).onDelete(
      'cascade',
    ),
  ],
);
