import sharp from 'sharp';
import type { Storage } from '../storage/storage';

const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FILE_URL = /\/files\/([0-9a-f-]{36})(?:\/content)?(?:[?#].*)?$/i;

/**
 * A stored image (any type the storage accepts: PNG, JPEG, WebP, AVIF, GIF) as PNG bytes for a
 * document's header, at most 600 px wide (sharp for print at the header's size). A missing or
 * unreadable file (or a URL that is not one of the community's stored files) gives undefined: a document is still issued without its logo.
 */
export async function loadDocumentLogo(storage: Storage, tenantId: string, file: string | null | undefined): Promise<Buffer | undefined> {
  // A file id, or the URL of a stored file (an image field keeps its public URL).
  const fileId = file && (FILE_ID.test(file) ? file : FILE_URL.exec(file)?.[1]);
  if (!fileId) return undefined;
  try {
    const { record, stream } = await storage.open(tenantId, fileId);
    if (!record.contentType.startsWith('image/')) {
      stream.destroy();
      return undefined;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return await sharp(Buffer.concat(chunks)).resize({ width: 600, withoutEnlargement: true }).png().toBuffer();
  } catch {
    return undefined;
  }
}
