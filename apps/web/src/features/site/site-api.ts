import { request } from '../../api/client';
import type { JsonSchema, ResourceMeta } from '../../api/get-resources-meta';
import { imageOfUpload } from '../../kit/image-input';
import type { Row } from '../../kit/resource-api';
import { type ImageValue, inputFields, toImage, toImages, unwrapNullable } from '../../kit/schema';

/** An image of the website: where it is, its alt text and (for uploads) a thumbnail (the kit's image object). */
export type SiteImage = ImageValue;

interface UploadedSiteFile {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  url: string;
  thumbnailUrl: string | null;
}

/** POST /api/v1/site/uploads (multipart): stored files, images with a WebP thumbnail. */
export async function uploadSiteFiles(files: File[]): Promise<UploadedSiteFile[]> {
  const body = new FormData();
  for (const file of files) body.append('file', file, file.name);
  const result = await request<{ data: UploadedSiteFile[] }>('POST', '/api/v1/site/uploads', { body });
  return result.data;
}

/** An uploaded file as a gallery image; the alt text starts from the file name. */
export const imageOf = (file: UploadedSiteFile): SiteImage => imageOfUpload(file);

/** Reads what an image field holds: an image object, its JSON text (see encodeImages), or a bare URL (the kit's reading). */
export const parseImage = toImage;
/** The images of a gallery field (a list, or its JSON text). */
export const parseImages = toImages;

const isImageObject = (s: JsonSchema | undefined) => Boolean(s && s.type === 'object' && s.properties?.url && s.properties?.alt);

/** Which input fields of a resource hold one image or a list of images ({ url, alt } objects). */
export function imageFields(meta: ResourceMeta): { single: string[]; gallery: string[] } {
  const single: string[] = [];
  const gallery: string[] = [];
  for (const [key, raw] of Object.entries(meta.input.properties ?? {})) {
    const { schema } = unwrapNullable(raw);
    if (isImageObject(schema)) single.push(key);
    else if (schema.type === 'array' && isImageObject(unwrapNullable(schema.items ?? {}).schema)) gallery.push(key);
  }
  return { single, gallery };
}

/** What an image input hands the form: JSON text for a field the form treats as JSON, else the value. */
export const formValueOf = (kind: string, value: SiteImage | SiteImage[] | null) =>
  kind === 'json' ? (value == null ? '' : JSON.stringify(value, null, 2)) : (value ?? '');

/**
 * The generic form holds non-JSON fields as text; image objects are handed to it as their JSON text
 * (the image inputs read it back and hand the form real objects when they change).
 */
export function encodeImages(meta: ResourceMeta, row: Row): Row {
  const { single, gallery } = imageFields(meta);
  const asJson = new Set(
    inputFields(meta)
      .filter((f) => f.kind === 'json')
      .map((f) => f.key),
  );
  const out: Row = { ...row };
  for (const key of [...single, ...gallery]) {
    if (asJson.has(key)) continue;
    const value = row[key];
    if (value != null && typeof value === 'object') out[key] = JSON.stringify(value);
  }
  return out;
}
