import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import { readMultipart } from '../../../kernel/compat';
import { errors, parseInput } from '../../../kernel/resources';
import type { StoredFile } from '../../../kernel/storage';
import { type Image, imagesSchema } from '../schemas';

export const THUMBNAIL_WIDTH = 400;

export interface UploadedFile extends StoredFile {
  /** A 400px-wide WebP copy for lists and galleries (images only). */
  thumbnailUrl: string | null;
  width?: number;
  height?: number;
}

async function toBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A stored image gets a thumbnail: resized to 400px wide (never enlarged), oriented by its EXIF,
 * as WebP, stored as a file of its own. Anything sharp cannot read keeps thumbnailUrl null.
 */
export async function withThumbnail(
  app: FastifyInstance,
  tenantId: string,
  file: StoredFile,
  uploadedBy: string | null,
): Promise<UploadedFile> {
  if (!file.contentType.startsWith('image/') || file.contentType === 'image/x-icon') return { ...file, thumbnailUrl: null };
  try {
    const { stream } = await app.storage.open(tenantId, file.id);
    const original = await toBuffer(stream);
    const image = sharp(original, { limitInputPixels: 100_000_000 });
    const meta = await image.metadata();
    const thumb = await image.rotate().resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    const stem = file.filename.replace(/\.[^.]*$/, '') || 'image';
    const stored = await app.storage.save(tenantId, {
      stream: Readable.from(thumb),
      filename: `${stem}-${THUMBNAIL_WIDTH}.webp`,
      uploadedBy,
      purpose: 'thumbnail',
      // A thumbnail shows what its image shows: private with a private image.
      isPublic: file.isPublic,
    });
    const rotated = (meta.orientation ?? 1) >= 5;
    return {
      ...file,
      thumbnailUrl: stored.url,
      width: rotated ? meta.height : meta.width,
      height: rotated ? meta.width : meta.height,
    };
  } catch (err) {
    app.log.warn({ err, file: file.id }, 'thumbnail failed');
    return { ...file, thumbnailUrl: null };
  }
}

/** Alt text from the form, else from the file name ("lobby-floor_2.jpg" → "lobby floor 2"). */
export function altFor(file: { filename: string }, alt?: unknown): string {
  if (typeof alt === 'string' && alt.trim()) return alt.trim().slice(0, 300);
  return file.filename
    .replace(/\.[^.]*$/, '')
    .replace(/[-_]+/g, ' ')
    .trim()
    .slice(0, 300);
}

export function asImage(file: UploadedFile, alt?: unknown): Image {
  const image: Image = { url: file.url, alt: altFor(file, alt) };
  if (file.thumbnailUrl) image.thumbnailUrl = file.thumbnailUrl;
  if (file.width) image.width = file.width;
  if (file.height) image.height = file.height;
  return image;
}

/** Files already stored by the compat router (multipart lines) get their thumbnails. */
export async function thumbnails(app: FastifyInstance, tenantId: string, files: StoredFile[], uploadedBy: string | null) {
  const out: UploadedFile[] = [];
  for (const file of files) out.push(await withThumbnail(app, tenantId, file, uploadedBy));
  return out;
}

/**
 * The body of a call that may come as JSON or as a multipart upload (the seeds list some upload
 * calls as JSON): multipart files are stored (public) and thumbnailed; fields become the body.
 */
export async function bodyWithUploads(
  req: FastifyRequest,
  body: Record<string, unknown>,
): Promise<{ body: Record<string, unknown>; uploads: UploadedFile[] }> {
  if (!req.isMultipart()) return { body, uploads: [] };
  if (!req.auth) throw errors.unauthenticated();
  const parsed = await readMultipart(req.server, req);
  const { files, _id, ...fields } = parsed as { files: StoredFile[]; _id?: unknown } & Record<string, unknown>;
  if (fields.id === undefined && _id !== undefined) fields.id = _id;
  const uploads = await thumbnails(req.server, req.auth.tenantId, files, req.auth.userId);
  return { body: { ...body, ...fields }, uploads };
}

/** Only images may go into galleries. */
export function requireImages(uploads: UploadedFile[]) {
  const bad = uploads.find((u) => !u.contentType.startsWith('image/'));
  if (bad) throw errors.unsupportedMedia(`${bad.filename} is not an image`);
}

const imagesBody = z.object({ images: imagesSchema.min(1, 'Add at least one image') });

/**
 * Images sent to a gallery: uploaded files (multipart, alt text in an `alt` field) or JSON
 * `{ images: [{ url, alt }] }` (also a single `image` or `url` + `alt`).
 */
export async function incomingImages(req: FastifyRequest, body: Record<string, unknown>) {
  const { body: merged, uploads } = await bodyWithUploads(req, body);
  if (uploads.length > 0) {
    requireImages(uploads);
    return { body: merged, images: uploads.map((u) => asImage(u, merged.alt)) };
  }
  const images =
    merged.images ??
    (merged.image ? [merged.image] : typeof merged.url === 'string' ? [{ url: merged.url, alt: merged.alt ?? '' }] : undefined);
  const parsed = parseInput(imagesBody, { images }) as { images: Image[] };
  return { body: merged, images: parsed.images };
}
