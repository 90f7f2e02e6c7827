import type { FastifyInstance, FastifyReply } from 'fastify';

/** /public/<community>/files/<id> of this community: a file stored here. */
export function storedFileId(url: unknown, communityName: string): string | null {
  const m = typeof url === 'string' ? /^\/public\/([^/]+)\/files\/([0-9a-f-]{36})$/i.exec(url) : null;
  return m && m[1] === communityName ? m[2] : null;
}

/**
 * A document's bytes: a file stored here is sent with its real name and type as an attachment;
 * a document hosted elsewhere is a redirect.
 */
export async function sendDocument(
  app: FastifyInstance,
  reply: FastifyReply,
  tenantId: string,
  communityName: string,
  doc: Record<string, unknown>,
  cache: string,
  publicOnly: boolean,
) {
  const fileId = storedFileId(doc.fileUrl, communityName);
  if (!fileId) return reply.redirect(String(doc.fileUrl), 302);
  const { record, stream } = await app.storage.open(tenantId, fileId, publicOnly);
  const filename = (doc.fileName as string | null) || record.filename;
  return reply
    .header('content-type', record.contentType)
    .header('content-length', record.size)
    .header('cache-control', cache)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .send(stream);
}
