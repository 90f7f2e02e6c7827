import { and, eq, inArray } from 'drizzle-orm';
import type { ModuleKey, Permissions } from '../access/modules';
import type { Db } from '../db/database';
import { errors } from '../errors/app-error';
import { tenantFilter } from '../tenancy/scope-filter';
import { fileLinks, files } from './tables';

/**
 * Files carry access. A file stored here belongs to the records whose declared file fields point
 * at it (`file_links`, kept by the resource kit on every write). A public file is readable by
 * anyone; a private one by the community's owner and by whoever may read a record that holds it
 * (read permission on that record's resource module). A private file no record holds yet is
 * readable by its uploader and by the media library's readers.
 */

/** A declared file field of a resource. */
export interface FileField {
  name: string;
  /** Files attached here become private (careers CVs, inbound attachments). */
  private: boolean;
  /** The field holds file ids (a relation to media/files), not URLs. */
  ids: boolean;
}

/** Who reads or attaches a file. */
export interface FileReader {
  id: string | null;
  isOwner?: boolean;
  permissions?: Permissions;
}

/** The permission module of a resource, by path. */
export type ModuleOf = (resourcePath: string) => ModuleKey | undefined;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const FILE_URL = new RegExp(`^(?:https?://[^/\\s]+)?(?:/public/[^/\\s]+/files/(${UUID})|/api/v1/media/files/(${UUID})/content)$`, 'i');
const BARE_ID = new RegExp(`^${UUID}$`, 'i');

/**
 * Ids of the files stored here that a field's value points at: file URLs anywhere inside it (a
 * URL, an image object with its thumbnail, a gallery, a list of documents), or bare ids.
 */
export function fileIdsIn(value: unknown, ids = false, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    const m = FILE_URL.exec(value.trim());
    if (m) out.add((m[1] ?? m[2]).toLowerCase());
    else if (ids && BARE_ID.test(value)) out.add(value.toLowerCase());
  } else if (Array.isArray(value)) {
    for (const item of value) fileIdsIn(item, ids, out);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) fileIdsIn(item, ids, out);
  }
  return out;
}

const canRead = (reader: FileReader, module: ModuleKey) => {
  const level = reader.permissions?.[module];
  return level === 'read' || level === 'write';
};

/** Whether `reader` may read the file (see the rules above). */
export async function mayReadFile(
  tx: Db,
  tenantId: string,
  reader: FileReader,
  file: { id: string; isPublic: boolean; uploadedBy: string | null },
  moduleOf: ModuleOf,
): Promise<boolean> {
  if (file.isPublic || reader.isOwner) return true;
  const holders = await tx
    .selectDistinct({ resource: fileLinks.resource })
    .from(fileLinks)
    .where(and(tenantFilter(fileLinks, tenantId), eq(fileLinks.fileId, file.id)));
  if (holders.length === 0) return file.uploadedBy === reader.id || canRead(reader, 'media');
  return holders.some((h) => {
    const module = moduleOf(h.resource);
    return module !== undefined && canRead(reader, module);
  });
}

/**
 * Records which files a record's file fields hold, after its create or update (in its
 * transaction). A file newly attached must be one the writer may read, so nobody reaches a private
 * file by putting it into a record of their own; files in a private field become private.
 */
export async function linkFiles(
  tx: Db,
  tenantId: string,
  writer: FileReader,
  target: { resource: string; recordId: string; fields: FileField[]; moduleOf: ModuleOf; isNew: boolean },
  record: Record<string, unknown>,
): Promise<void> {
  const wanted = new Map<string, { field: FileField; fileId: string }>();
  for (const field of target.fields) {
    for (const fileId of fileIdsIn(record[field.name], field.ids)) wanted.set(`${field.name}:${fileId}`, { field, fileId });
  }
  const scoped = and(tenantFilter(fileLinks, tenantId), eq(fileLinks.resource, target.resource), eq(fileLinks.recordId, target.recordId));
  // A new record holds nothing yet: no query when it holds no file either.
  if (target.isNew && wanted.size === 0) return;
  const held = target.isNew
    ? []
    : await tx.select({ id: fileLinks.id, field: fileLinks.field, fileId: fileLinks.fileId }).from(fileLinks).where(scoped);
  const heldKeys = new Set(held.map((h) => `${h.field}:${h.fileId}`));
  const gone = held.filter((h) => !wanted.has(`${h.field}:${h.fileId}`)).map((h) => h.id);
  if (gone.length > 0) await tx.delete(fileLinks).where(and(tenantFilter(fileLinks, tenantId), inArray(fileLinks.id, gone)));

  const added = [...wanted.entries()].filter(([key]) => !heldKeys.has(key)).map(([, v]) => v);
  const addedIds = [...new Set(added.map((a) => a.fileId))];
  const stored =
    addedIds.length === 0
      ? []
      : await tx
          .select({ id: files.id, isPublic: files.isPublic, uploadedBy: files.uploadedBy })
          .from(files)
          .where(and(tenantFilter(files, tenantId), inArray(files.id, addedIds)));
  // Links already held were checked when they were made; a URL of no stored file is a plain link.
  const byId = new Map(stored.map((f) => [f.id, f]));
  const refused: Record<string, string> = {};
  for (const file of stored) {
    if (await mayReadFile(tx, tenantId, writer, file, target.moduleOf)) continue;
    for (const a of added) if (a.fileId === file.id) refused[a.field.name] = 'This file belongs to a record you cannot read';
  }
  if (Object.keys(refused).length > 0) throw errors.validation(refused);
  const rows = added.filter((a) => byId.has(a.fileId));
  if (rows.length === 0) return;
  await tx
    .insert(fileLinks)
    .values(rows.map((a) => ({ tenantId, fileId: a.fileId, resource: target.resource, recordId: target.recordId, field: a.field.name })));
  const privateIds = [...new Set(rows.filter((a) => a.field.private && byId.get(a.fileId)?.isPublic).map((a) => a.fileId))];
  if (privateIds.length > 0) {
    await tx
      .update(files)
      .set({ isPublic: false, updatedAt: new Date() })
      .where(and(tenantFilter(files, tenantId), inArray(files.id, privateIds)));
  }
}

/** The records are deleted: they hold no file any more. */
export async function unlinkFiles(tx: Db, tenantId: string, resource: string, recordIds: string[]): Promise<void> {
  if (recordIds.length === 0) return;
  await tx
    .delete(fileLinks)
    .where(and(tenantFilter(fileLinks, tenantId), eq(fileLinks.resource, resource), inArray(fileLinks.recordId, recordIds)));
}
