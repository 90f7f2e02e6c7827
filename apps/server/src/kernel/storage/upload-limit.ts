import type { FastifyInstance } from 'fastify';
import { errors } from '../errors/app-error';

/** What a multipart body may carry besides its files: the boundaries, part headers and form fields. */
const FORM_ALLOWANCE_BYTES = 1024 * 1024;

/**
 * Refuses a multipart upload whose declared Content-Length passes the upload limit (MAX_UPLOAD_MB,
 * plus the form's framing) with 413 before a byte of its body is read, and so before the handler
 * starts to stream it to storage. Other bodies have their own limits, checked against the
 * Content-Length the same way by Fastify's parsers. A body sent without a length (chunked) is
 * counted as it arrives: the multipart parser cuts a file at the limit, the upload is answered 413
 * at once, and the error handler closes the connection instead of reading the rest (error-handler.ts).
 */
export function refuseOversizedUploads(app: FastifyInstance, maxBytes: number) {
  const limit = maxBytes + FORM_ALLOWANCE_BYTES;
  const message = `Files may be at most ${Math.round(maxBytes / 1024 / 1024)} MB`;
  app.addHook('onRequest', async (req) => {
    const length = Number(req.headers['content-length']);
    if (length > limit && /^multipart\//i.test(req.headers['content-type'] ?? '')) throw errors.tooLarge(message);
  });
}
