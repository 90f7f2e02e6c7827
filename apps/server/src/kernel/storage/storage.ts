import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Database } from '../db/database';
import { AppError, errors } from '../errors/app-error';
import { giveMeter, type MeterDeclaration, meterAmount, takeMeter } from '../resources/meters';
import type { BlobStore } from './blob-store';
import { type FileReader, type ModuleOf, mayReadFile } from './file-links';
import { files } from './tables';

/** What may be uploaded, by sniffed type (never by the client's claim or the file name). */
const ALLOWED = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'application/pdf',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/msword',
  'application/x-cfb',
  'video/mp4',
  'audio/mpeg',
]);
/** Stored files count their bytes toward the community's `storage` limit (kernel/resources/meters.ts). */
export const STORAGE_METER = { key: 'storage', column: 'size' } satisfies MeterDeclaration;

const TEXT_TYPES: Record<string, string> = { txt: 'text/plain', csv: 'text/csv', md: 'text/markdown' };
/** The accepted types named as people know them (kept beside ALLOWED). */
export const ACCEPTED_SENTENCE =
  'Upload a PDF, JPEG, PNG, GIF, WebP, AVIF or ICO image, a Word, Excel or PowerPoint document, a ZIP, MP4, MP3, or a TXT, CSV or Markdown file';

export interface StoredFile {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  isPublic: boolean;
  /** Public files: /public/<community>/files/<id>; private ones: /api/v1/media/files/<id>/content. */
  url: string;
}

export interface SaveInput {
  stream: Readable;
  filename: string;
  uploadedBy: string | null;
  purpose?: string;
  isPublic?: boolean;
}

/**
 * Stored files: the bytes in a blob store (local disk, or S3 when configured) under
 * `<tenant>/<id>`, the record (sniffed type, size, hash, public or not) in the database.
 */
export function createStorage(
  db: Database,
  options: { blobs: BlobStore; maxBytes: number; communityName: (tenantId: string) => Promise<string> },
) {
  const { blobs } = options;

  async function readLimited(stream: Readable): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of stream) {
        size += chunk.length;
        if (size > options.maxBytes) {
          stream.resume();
          throw errors.tooLarge(`Files may be at most ${Math.round(options.maxBytes / 1024 / 1024)} MB`);
        }
        chunks.push(chunk as Buffer);
      }
    } catch (err) {
      throw malformedUpload(err); // a part cut short by the client
    }
    if ((stream as { truncated?: boolean }).truncated) throw errors.tooLarge();
    return Buffer.concat(chunks);
  }

  async function sniff(buffer: Buffer, filename: string): Promise<string> {
    if (buffer.length === 0) throw errors.badRequest('empty_file', 'The file is empty');
    const detected = await fileTypeFromBuffer(buffer);
    if (detected && ALLOWED.has(detected.mime)) return detected.mime === 'image/vnd.microsoft.icon' ? 'image/x-icon' : detected.mime;
    const ext = filename.split('.').pop()?.toLowerCase() ?? '';
    if (!detected && TEXT_TYPES[ext] && isUtf8(buffer)) return TEXT_TYPES[ext];
    throw errors.unsupportedMedia(`This file type is not accepted. ${ACCEPTED_SENTENCE}`);
  }

  async function find(tenantId: string, id: string) {
    const [record] = await db.withTenant(tenantId, (tx) =>
      tx
        .select()
        .from(files)
        .where(and(eq(files.tenantId, tenantId), eq(files.id, id)))
        .limit(1),
    );
    return record;
  }

  const storage = {
    async save(tenantId: string, input: SaveInput): Promise<StoredFile> {
      const buffer = await readLimited(input.stream);
      const filename = safeName(input.filename);
      const contentType = await sniff(buffer, filename);
      const id = randomUUID();
      const storageKey = `${tenantId}/${id}`;
      const isPublic = input.isPublic ?? true;
      await blobs.put(storageKey, buffer, contentType);
      try {
        await db.withTenant(tenantId, async (tx) => {
          // Uploads count toward the community's storage (meters.ts): a 402 when it is full, and nothing kept.
          await takeMeter(tx, { db, tenantId, actor: { id: input.uploadedBy, name: null } }, STORAGE_METER.key, buffer.length);
          await tx.insert(files).values({
            tenantId,
            id,
            filename,
            contentType,
            size: buffer.length,
            sha256: createHash('sha256').update(buffer).digest('hex'),
            storageKey,
            isPublic,
            uploadedBy: input.uploadedBy,
            purpose: input.purpose ?? null,
          });
        });
      } catch (err) {
        await blobs.delete(storageKey);
        throw err;
      }
      const community = await options.communityName(tenantId);
      return { id, filename, contentType, size: buffer.length, isPublic, url: fileUrl(community, id, isPublic) };
    },

    /** The file record and a stream of its bytes, or 404. */
    async open(tenantId: string, id: string, publicOnly = false) {
      const record = await find(tenantId, id);
      if (!record || (publicOnly && !record.isPublic)) throw errors.notFound('File');
      return { record, stream: await blobs.get(record.storageKey) };
    },

    /** The same for `reader`: a private file only when they may read a record that holds it (else 404). */
    async openFor(tenantId: string, id: string, reader: FileReader, moduleOf: ModuleOf) {
      const record = await find(tenantId, id);
      const allowed =
        record && (record.isPublic || (await db.withTenant(tenantId, (tx) => mayReadFile(tx, tenantId, reader, record, moduleOf))));
      if (!record || !allowed) throw errors.notFound('File');
      return { record, stream: await blobs.get(record.storageKey) };
    },

    /** Deletes files stored for a request that was then refused (record and bytes). */
    async discard(tenantId: string, stored: { id: string }[]) {
      if (stored.length === 0) return;
      const removed = await db.withTenant(tenantId, async (tx) => {
        const rows = await tx
          .delete(files)
          .where(
            and(
              eq(files.tenantId, tenantId),
              inArray(
                files.id,
                stored.map((f) => f.id),
              ),
            ),
          )
          .returning({ storageKey: files.storageKey, size: files.size });
        const scope = { db, tenantId, actor: { id: null, name: null } };
        await giveMeter(tx, scope, STORAGE_METER.key, meterAmount(STORAGE_METER, rows));
        return rows;
      });
      await Promise.all(removed.map((f) => blobs.delete(f.storageKey)));
    },

    async removeBytes(storageKey: string) {
      await blobs.delete(storageKey);
    },

    /** The store the bytes are in (disk or S3). */
    blobs,
  };
  byDatabase.set(db, storage);
  return storage;
}

export type Storage = ReturnType<typeof createStorage>;

const byDatabase = new WeakMap<Database, Storage>();

/** Deletes a stored file's bytes (after its record's deletion committed). */
export async function removeStoredBytes(db: Database, storageKey: string): Promise<void> {
  await byDatabase.get(db)?.removeBytes(storageKey);
}

/**
 * The multipart parser (busboy) fails with plain errors, without code or status, when the client's
 * body is malformed (no boundary, cut short): that is a 400, not a 500. Errors that carry a code
 * or status (limits, file system, our own) pass through unchanged.
 */
export function malformedUpload(err: unknown): unknown {
  const { code, statusCode } = err as { code?: unknown; statusCode?: unknown };
  if (err instanceof AppError || code !== undefined || statusCode !== undefined) return err;
  return errors.badRequest('invalid_multipart', 'The multipart body is malformed or cut short');
}

/**
 * The parts of a multipart request (`req.parts()` / `req.files()`), with parser failures as
 * malformedUpload's 400. A file that passes the size limit fails at once with 413: the parser only
 * cuts it short and goes on reading (and discarding) the request to its end before the file's stream
 * ends, so whoever reads it would otherwise learn of the limit only once the whole body had arrived.
 */
export async function* uploadParts<T>(parts: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = parts[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<T>;
      try {
        next = await iterator.next();
      } catch (err) {
        throw malformedUpload(err);
      }
      if (next.done) return;
      const { file } = next.value as { file?: Readable };
      file?.once('limit', () => file.destroy(errors.tooLarge('The file is too large')));
      yield next.value;
    }
  } finally {
    await iterator.return?.();
  }
}

export const publicFileUrl = (community: string, id: string) => `/public/${community}/files/${id}`;
export const privateFileUrl = (id: string) => `/api/v1/media/files/${id}/content`;
export const fileUrl = (community: string, id: string, isPublic: boolean) => (isPublic ? publicFileUrl(community, id) : privateFileUrl(id));

function safeName(name: string): string {
  const base = (name || 'file')
    .split(/[\\/]/)
    .pop()!
    .replace(/[\u0000-\u001f"<>|*?:]/g, '_')
    .slice(0, 200);
  return base || 'file';
}

function isUtf8(buffer: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    return true;
  } catch {
    return false;
  }
}
