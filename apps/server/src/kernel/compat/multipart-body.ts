import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from '../errors/app-error';
import { type StoredFile, uploadParts } from '../storage/storage';

/**
 * Reads a multipart request: files are stored (sniffed, size-limited) for the signed-in community,
 * fields become the body. Stored files are listed under `files`.
 */
export async function readMultipart(app: FastifyInstance, req: FastifyRequest): Promise<Record<string, unknown>> {
  if (!req.isMultipart()) throw errors.unsupportedMedia('Expected a multipart/form-data upload');
  if (!req.auth) throw errors.unauthenticated();
  const body: Record<string, unknown> = {};
  const files: StoredFile[] = [];
  try {
    for await (const part of uploadParts(req.parts())) {
      if (part.type === 'file') {
        files.push(
          await app.storage.save(req.auth.tenantId, {
            stream: part.file,
            filename: part.filename,
            uploadedBy: req.auth.userId,
            purpose: part.fieldname,
            isPublic: true,
          }),
        );
      } else if (typeof part.value === 'string') {
        body[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    // A later part refused (type, size): the files already stored go too.
    await app.storage.discard(req.auth.tenantId, files);
    throw err;
  }
  body.files = files;
  return body;
}
