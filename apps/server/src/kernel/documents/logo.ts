import sharp from 'sharp';
import type { Storage } from '../storage/storage';

/**
 * A stored image (any type the storage accepts: PNG, JPEG, WebP, AVIF, GIF) as PNG bytes for a
 * document's header, at most 600 px wide (sharp for print at the header's size). A missing or
 * unreadable file gives undefined: a document is still issued without its logo.
 */
export async function loadDocumentLogo(storage: Storage, tenantId: string, fileId: string | null | undefined): Promise<Buffer | undefined> {
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
