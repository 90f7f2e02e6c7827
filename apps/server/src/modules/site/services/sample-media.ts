import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Resource, Scope } from '../../../kernel/resources';
import { thumbnails } from './media';

/** Where the examples point: hosts that do not exist (".example"), replaced by real files on seeding. */
const SAMPLE_HOSTS = /^https:\/\/(images|files)\.euro-building\.example\//;

const PALETTE = ['#cd3197', '#3b5bdb', '#2b8a3e', '#e8590c', '#5f3dc4', '#0b7285', '#a61e4d', '#495057'];

/** A real picture for a sample: a coloured card with the file's name on it (sharp renders the SVG). */
async function sampleImage(name: string, index: number): Promise<Buffer> {
  const label = name.replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' ');
  const colour = PALETTE[index % PALETTE.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="800" fill="${colour}"/>
    <rect x="60" y="60" width="1080" height="680" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="6"/>
    <text x="600" y="420" font-family="sans-serif" font-size="64" fill="#ffffff" text-anchor="middle">${escapeXml(label)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** A real one-page PDF naming the sample document. */
function samplePdf(name: string): Buffer {
  const text = `Euro Building Products - ${name.replace(/[()\\]/g, '')} (sample document)`;
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The demo community's sample records point at files that do not exist; this stores a real image
 * (with thumbnail) or PDF for each such link and rewrites the records, so the demo website and
 * console show working pictures and downloads. Other links (spreadsheets) are left out of the demo.
 */
export async function materialiseSampleMedia(app: FastifyInstance, scope: Scope, resources: Resource[]): Promise<void> {
  const stored = new Map<string, { url: string; thumbnailUrl?: string } | null>();
  let counter = 0;

  async function store(link: string) {
    if (stored.has(link)) return stored.get(link)!;
    const filename = link.split('/').pop() ?? 'sample';
    let result: { url: string; thumbnailUrl?: string } | null = null;
    if (/\.(jpe?g|png|webp)$/i.test(filename)) {
      const file = await app.storage.save(scope.tenantId, {
        stream: Readable.from(await sampleImage(filename, counter++)),
        filename: filename.replace(/\.(png|webp)$/i, '.jpg'),
        uploadedBy: scope.actor.id,
        purpose: 'sample',
      });
      const [withThumb] = await thumbnails(app, scope.tenantId, [file], scope.actor.id);
      result = { url: file.url, ...(withThumb?.thumbnailUrl ? { thumbnailUrl: withThumb.thumbnailUrl } : {}) };
    } else if (/\.pdf$/i.test(filename)) {
      const file = await app.storage.save(scope.tenantId, {
        stream: Readable.from(samplePdf(filename)),
        filename,
        uploadedBy: scope.actor.id,
        purpose: 'sample',
      });
      result = { url: file.url };
    }
    stored.set(link, result);
    return result;
  }

  /** The value with every sample link replaced; `changed` tells whether anything was. */
  async function rewrite(value: unknown): Promise<{ value: unknown; changed: boolean }> {
    if (typeof value === 'string' && SAMPLE_HOSTS.test(value)) {
      const file = await store(value);
      return file ? { value: file.url, changed: true } : { value, changed: false };
    }
    if (Array.isArray(value)) {
      let changed = false;
      const out = [];
      for (const item of value) {
        const r = await rewrite(item);
        changed ||= r.changed;
        out.push(r.value);
      }
      return { value: out, changed };
    }
    if (value && typeof value === 'object' && !(value instanceof Date)) {
      const record = value as Record<string, unknown>;
      let changed = false;
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(record)) {
        const r = await rewrite(item);
        changed ||= r.changed;
        out[key] = r.value;
      }
      // An image object gets the thumbnail of its new file.
      if (typeof record.url === 'string' && SAMPLE_HOSTS.test(record.url) && 'alt' in record) {
        const file = stored.get(record.url);
        if (file?.thumbnailUrl) out.thumbnailUrl = file.thumbnailUrl;
      }
      return { value: out, changed };
    }
    return { value, changed: false };
  }

  for (const resource of resources) {
    if (!resource.allows('update')) continue;
    const updatable = new Set(resource.schemas.editable);
    const { data } = await resource.list(scope, { limit: 200, offset: 0, withTotal: 'false' } as never);
    for (const row of data) {
      const patch: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(row)) {
        if (!updatable.has(field)) continue;
        const r = await rewrite(value);
        if (r.changed) patch[field] = r.value;
      }
      if (Object.keys(patch).length > 0) await resource.update(scope, row.id, patch);
    }
  }
}
