import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Resource, Scope } from '../../../kernel/resources';
import { thumbnails } from './media';

/** Where the examples point: hosts that do not exist (".example"), replaced by real files on seeding. */
const SAMPLE_HOSTS = /^https:\/\/(images|files)\.euro-building\.example\//;

const PALETTE = ['#cd3197', '#3b5bdb', '#2b8a3e', '#e8590c', '#5f3dc4', '#0b7285', '#a61e4d', '#495057'];

// Textures are drawn at half size (noise is smooth, so enlarging costs nothing visible) and once per
// material and process: turbulence filters are slow to render.
const W = 600;
const H = 400;
const lines = (count: number, draw: (i: number) => string) => Array.from({ length: count }, (_, i) => draw(i)).join('');

/** Thin grey veins on white (contours of a stretched noise), with the joints of 600 mm tiles when `tiles`. */
function marble(seed: number, tiles: boolean): string {
  const table = (white: number, vein: number) => {
    const v: number[] = Array(21).fill(white);
    v[8] = vein;
    v[12] = vein;
    v[9] = (white + vein) / 2 + 0.1;
    return v.map((x) => x.toFixed(2)).join(' ');
  };
  const grid = 200;
  return `<filter id="f" x="0" y="0" width="100%" height="100%" color-interpolation-filters="sRGB">
      <feTurbulence type="fractalNoise" baseFrequency="0.0025 0.006" numOctaves="4" seed="${seed}"/>
      <feColorMatrix type="matrix" values="0.33 0.33 0.33 0 0  0.33 0.33 0.33 0 0  0.33 0.33 0.33 0 0  0 0 0 0 1"/>
      <feComponentTransfer>
        <feFuncR type="table" tableValues="${table(0.95, 0.6)}"/>
        <feFuncG type="table" tableValues="${table(0.95, 0.61)}"/>
        <feFuncB type="table" tableValues="${table(0.96, 0.64)}"/>
      </feComponentTransfer>
      <feGaussianBlur stdDeviation="0.7"/>
    </filter>
    <rect width="${W}" height="${H}" filter="url(#f)"/>
    ${tiles ? lines(W / grid, (i) => `<rect x="${i * grid - 1}" width="2" height="${H}" fill="#c9c5bd"/>`) + lines(H / grid, (i) => `<rect y="${i * grid - 1}" width="${W}" height="2" fill="#c9c5bd"/>`) : ''}`;
}

/** Wood-plastic composite boards: a stretched brown grain with the shadow gaps between boards. */
function wood(seed: number): string {
  const board = 65;
  return `<filter id="f" x="0" y="0" width="100%" height="100%" color-interpolation-filters="sRGB">
      <feTurbulence type="fractalNoise" baseFrequency="0.002 0.08" numOctaves="4" seed="${seed}"/>
      <feColorMatrix type="matrix" values="0.55 0 0 0 0.30  0.38 0 0 0 0.17  0.22 0 0 0 0.08  0 0 0 0 1"/>
    </filter>
    <rect width="${W}" height="${H}" filter="url(#f)"/>
    ${lines(Math.ceil(H / board), (i) => `<rect y="${i * board}" width="${W}" height="4" fill="#2b1a0e" opacity="0.85"/><rect y="${i * board + 4}" width="${W}" height="2" fill="#fff" opacity="0.12"/>`)}`;
}

/** A sand-coloured stone slab: soft clouds and a fine grain, one joint between two slabs. */
function stone(seed: number): string {
  return `<filter id="f" x="0" y="0" width="100%" height="100%" color-interpolation-filters="sRGB">
      <feTurbulence type="fractalNoise" baseFrequency="0.005" numOctaves="3" seed="${seed}" result="clouds"/>
      <feTurbulence type="fractalNoise" baseFrequency="0.8" numOctaves="1" seed="${seed + 1}" result="grain"/>
      <feBlend in="clouds" in2="grain" mode="multiply" result="mix"/>
      <feColorMatrix in="mix" type="matrix" values="0.6 0 0 0 0.52  0.45 0 0 0 0.36  0.3 0 0 0 0.25  0 0 0 0 1"/>
    </filter>
    <rect width="${W}" height="${H}" filter="url(#f)"/>
    <rect x="${(W * 2) / 3}" width="2" height="${H}" fill="#6b4f3a" opacity="0.5"/>`;
}

/** The material a sample picture shows, from its file name (porcelain → marble tiles, WPC → boards, slabs → stone). */
function material(name: string): { key: string; svg: () => string } | null {
  if (/carrara|marble|porcelain|flooring|humid/i.test(name)) {
    const tiles = !/room/i.test(name);
    return { key: tiles ? 'marble-tiles' : 'marble', svg: () => marble(11, tiles) };
  }
  if (/wpc|cladding|facade|wood/i.test(name)) return { key: 'wood', svg: () => wood(5) };
  if (/terra|slab|stone/i.test(name)) return { key: 'stone', svg: () => stone(17) };
  return null;
}

const textures = new Map<string, Promise<Buffer>>();

/** A material's texture, drawn once; each picture turns it a different way so no two look the same. */
async function texture(surface: { key: string; svg: () => string }, index: number): Promise<Buffer> {
  let drawn = textures.get(surface.key);
  if (!drawn) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${surface.svg()}</svg>`;
    drawn = sharp(Buffer.from(svg)).png().toBuffer();
    textures.set(surface.key, drawn);
  }
  let image = sharp(await drawn);
  if (index % 2 === 1) image = image.flop();
  if (index % 4 >= 2) image = image.flip();
  return image
    .resize(W * 2, H * 2)
    .jpeg({ quality: 82 })
    .toBuffer();
}

/**
 * A real picture for a sample (sharp renders the SVG): products and their categories look like their
 * material (marble tiles, wood-plastic boards, a stone slab); other pictures are a coloured card named
 * after the file.
 */
async function sampleImage(name: string, index: number): Promise<Buffer> {
  const surface = material(name);
  if (surface) return texture(surface, index);
  const label = name.replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' ');
  const colour = PALETTE[index % PALETTE.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="800" fill="${colour}"/>
    <rect x="60" y="60" width="1080" height="680" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="6"/>
    <text x="600" y="420" font-family="sans-serif" font-size="64" fill="#ffffff" text-anchor="middle">${escapeXml(label)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** What each sample document says: a title and its lines (a page of real content, not a placeholder). */
const DOCUMENT_TEXT: [RegExp, string, string[]][] = [
  [
    /tile-installation/,
    'Porcelain tile installation guide',
    [
      '1. Check the floor: level within 3 mm over 2 m, dry, free of dust and oil.',
      '2. Prime absorbent screeds; leave to dry as the primer maker says.',
      '3. Use a C2 TE S1 cement adhesive; comb it with a 10 mm notched trowel.',
      '4. Back-butter tiles larger than 600 x 600 mm for full contact.',
      '5. Keep joints of at least 2 mm indoors and 5 mm outdoors; use levelling clips.',
      '6. Leave movement joints every 25 m2 indoors, 16 m2 outdoors, and at all walls.',
      '7. Grout after 24 hours; clean the surface within 20 minutes.',
      'Questions: technical@euro-building.example',
    ],
  ],
  [
    /carrara/,
    'Carrara Matt 600 x 600 - datasheet',
    [
      'Glazed porcelain tile, rectified edges, matt finish.',
      'Size: 600 x 600 mm; thickness 9 mm; 4 tiles per box (1.44 m2).',
      'Water absorption: 0.3 % (ISO 10545-3).',
      'Breaking strength: > 1,600 N (ISO 10545-4).',
      'Slip resistance: R10 (DIN 51130).',
      'Frost resistant; stain resistance class 5.',
      'Use: floors and walls, residential and light commercial.',
    ],
  ],
  [
    /wpc-technical/,
    'WPC cladding - technical guide',
    [
      'Boards: 150 x 20 mm, lengths 2.4 m and 3.6 m; 60 % wood fibre, 40 % HDPE.',
      'Battens at 400 mm centres; 20 mm ventilated cavity behind the boards.',
      'Expansion: leave 5 mm at every end; fix with stainless hidden clips.',
      'Fire class: B-s2,d0 (EN 13501-1) with the fire-retardant core.',
      'Cleaning: water and a soft brush; no solvents.',
      'Warranty: 10 years against rot and termite damage.',
    ],
  ],
  [
    /catalogue/,
    'Euro Building Products - product catalogue',
    [
      'Porcelain tiles: Carrara Matt 600 x 600, Terra Slab 1200 x 2400.',
      'WPC cladding: Exterior WPC Cladding 150 mm, Fluted Interior Panel.',
      'Each product: sizes, finishes, technical data and installation notes.',
      'Samples and dealer prices: sales@euro-building.example',
    ],
  ],
  [
    /iso-9001/,
    'Certificate of registration - ISO 9001:2015',
    [
      'Euro Building Products operates a quality management system',
      'which complies with ISO 9001:2015 for the manufacture and supply',
      'of porcelain tiles and wood-plastic composite cladding.',
      'Sites: Morbi (Gujarat) and Chennai (Tamil Nadu).',
    ],
  ],
  [
    /annual-report/,
    'Annual report 2024-25 - highlights',
    [
      'Revenue up 14 % on the year; exports 31 % of sales.',
      'New large-format slab line commissioned in Chennai.',
      '40 % of factory power from rooftop solar.',
      'Dividend proposed: 30 % of net profit.',
    ],
  ],
  [
    /results/,
    'Results for the first quarter of FY26',
    ['Revenue up 9 % on the same quarter last year.', 'Porcelain volumes up 12 %; WPC cladding up 21 %.', 'Operating margin 14.2 %.'],
  ],
];

/** A real one-page PDF with the sample document's content. */
function samplePdf(name: string): Buffer {
  const clean = (t: string) => t.replace(/[()\\]/g, '');
  const [, title, text] = DOCUMENT_TEXT.find(([re]) => re.test(name)) ?? [
    /./,
    name.replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' '),
    ['Euro Building Products'],
  ];
  const lines = text.map((line) => `(${clean(line)}) Tj T*`).join(' ');
  const stream = `BT /F1 18 Tf 72 720 Td (${clean(title)}) Tj /F1 11 Tf 0 -36 Td 16 TL ${lines} ET`;
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
    const { data } = await resource.list(scope, { limit: 200, offset: 0, withTotal: 'false' });
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
