import { Readable } from 'node:stream';
import { and, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { inTurn, type Scope, tenantFilter } from '../../../../kernel/resources';
import { commerceAttributeValues, commerceBanners, commerceProducts, commerceVariations, type ShopImage } from '../../tables';

/** Where the sample catalogue points: a host that does not exist (".example"), replaced by stored pictures on seeding. */
const SAMPLE_HOST = 'https://images.atrium.example/';
const SIZE = 600;

/** Colours of things that are not dyed (metal, clay, wood, jute), by a word of the title. */
const MATERIALS: [RegExp, string][] = [
  [/copper/i, '#b87333'],
  [/brass|kansa|dhokra|kundan/i, '#c9a227'],
  [/terracotta/i, '#c56a3f'],
  [/sheesham|wood/i, '#7a4b2a'],
  [/jute|canvas/i, '#b59b6a'],
  [/silver/i, '#8d9096'],
  [/paper|madhubani/i, '#d9c7a0'],
  [/leather|kolhapuri/i, '#8a5a36'],
];
const PALETTE = ['#2e3a87', '#800020', '#d4a017', '#2f5d3a', '#b7410e', '#36393b', '#5f3dc4', '#0b7285'];

const hash = (text: string) => [...text].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7);
const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Lighter (amount > 0) or darker (< 0) shade of a #rrggbb colour, for the pattern over the ground. */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) => Math.round(amount > 0 ? c + (255 - c) * amount : c * (1 + amount));
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(channel);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

/** Textile motifs (ikat diamonds, woven stripes, block-print buttis, chevrons), drawn as an SVG pattern. */
const MOTIFS: ((ink: string) => string)[] = [
  (ink) =>
    `<pattern id="m" width="60" height="90" patternUnits="userSpaceOnUse"><path d="M30 4 L56 45 L30 86 L4 45 Z" fill="none" stroke="${ink}" stroke-width="6"/><path d="M30 30 L40 45 L30 60 L20 45 Z" fill="${ink}"/></pattern>`,
  (ink) =>
    `<pattern id="m" width="48" height="48" patternUnits="userSpaceOnUse"><rect width="48" height="10" fill="${ink}"/><rect y="20" width="48" height="3" fill="${ink}"/><rect y="30" width="48" height="3" fill="${ink}"/></pattern>`,
  (ink) =>
    `<pattern id="m" width="56" height="56" patternUnits="userSpaceOnUse"><circle cx="14" cy="14" r="7" fill="${ink}"/><circle cx="42" cy="42" r="7" fill="${ink}"/><circle cx="42" cy="14" r="2.5" fill="${ink}"/><circle cx="14" cy="42" r="2.5" fill="${ink}"/></pattern>`,
  (ink) =>
    `<pattern id="m" width="60" height="40" patternUnits="userSpaceOnUse"><path d="M0 30 L15 10 L30 30 L45 10 L60 30" fill="none" stroke="${ink}" stroke-width="6"/></pattern>`,
];

/** The ground colour of a product's picture: its colour when it has one, else its material's, else one of the palette. */
export function groundColour(title: string, swatch?: string | null): string {
  if (swatch && /^#[0-9a-f]{6}$/i.test(swatch)) return swatch;
  return MATERIALS.find(([re]) => re.test(title))?.[1] ?? PALETTE[hash(title) % PALETTE.length];
}

/** A square JPEG of the product: a textile motif in its colour, its name on a band (sharp renders the SVG). */
export function productPicture(title: string, ground: string, caption = title): Promise<Buffer> {
  const light = Number.parseInt(ground.slice(1, 3), 16) + Number.parseInt(ground.slice(3, 5), 16) > 360;
  const ink = shade(ground, light ? -0.25 : 0.3);
  const motif = MOTIFS[hash(title) % MOTIFS.length](ink);
  const band = SIZE - 120;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">
    <defs>${motif}<radialGradient id="v" cx="50%" cy="45%" r="70%"><stop offset="60%" stop-color="#000" stop-opacity="0"/><stop offset="100%" stop-color="#000" stop-opacity="0.35"/></radialGradient></defs>
    <rect width="${SIZE}" height="${SIZE}" fill="${ground}"/>
    <rect width="${SIZE}" height="${SIZE}" fill="url(#m)" opacity="0.55"/>
    <rect width="${SIZE}" height="${SIZE}" fill="url(#v)"/>
    <rect y="${band}" width="${SIZE}" height="120" fill="#ffffff" opacity="0.88"/>
    <text x="${SIZE / 2}" y="${band + 72}" font-family="sans-serif" font-size="${caption.length > 28 ? 30 : 38}" font-weight="600" fill="#25262b" text-anchor="middle">${escapeXml(caption)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

const isSample = (images: ShopImage[]) => images.some((i) => i.url.startsWith(SAMPLE_HOST));

/**
 * The sample catalogue points at pictures that do not exist: each product gets a stored picture
 * (public files, as uploads are), each colour variation one in its colour, and each banner one of its
 * own, so the demo shop and the console show real images. Runs once, at the end of the seed.
 */
export async function materialiseSampleImages(app: FastifyInstance, scope: Scope): Promise<void> {
  const { tenantId } = scope;
  const save = async (name: string, picture: Promise<Buffer>) => {
    const file = await app.storage.save(tenantId, {
      stream: Readable.from(await picture),
      filename: `${name}.jpg`,
      uploadedBy: scope.actor.id,
      purpose: 'sample',
    });
    return { url: file.url, fileId: file.id };
  };
  const p = commerceProducts;
  const v = commerceVariations;
  const [products, variations, banners] = await scope.db.withTenant(tenantId, (tx) =>
    inTurn(
      () => tx.select({ id: p.id, title: p.title, slug: p.slug, images: p.images }).from(p).where(tenantFilter(p, tenantId)),
      () =>
        // Each variation with the swatch of its colour (the first attribute value that has one).
        tx
          .select({
            id: v.id,
            productId: v.productId,
            colour: sql<string | null>`(select ${commerceAttributeValues.value} from ${commerceAttributeValues}
            where ${commerceAttributeValues.tenantId} = ${v.tenantId} and ${commerceAttributeValues.id} = any(${v.attributeValueIds})
              and ${commerceAttributeValues.swatch} is not null limit 1)`,
            swatch: sql<string | null>`(select ${commerceAttributeValues.swatch} from ${commerceAttributeValues}
            where ${commerceAttributeValues.tenantId} = ${v.tenantId} and ${commerceAttributeValues.id} = any(${v.attributeValueIds})
              and ${commerceAttributeValues.swatch} is not null limit 1)`,
          })
          .from(v)
          .where(tenantFilter(v, tenantId)),
      () =>
        tx
          .select({ id: commerceBanners.id, title: commerceBanners.title, image: commerceBanners.image })
          .from(commerceBanners)
          .where(and(tenantFilter(commerceBanners, tenantId), like(sql`${commerceBanners.image}->>'url'`, `${SAMPLE_HOST}%`))),
    ),
  );
  const byProduct = new Map<string, typeof variations>();
  for (const row of variations) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  for (const product of products) {
    if (!isSample(product.images)) continue;
    const alt = product.images[0]?.alt || product.title;
    // One picture per colour; the product's own picture is its first colour's.
    const colours = new Map<string, Promise<ShopImage>>();
    const pictureOf = (colour: string | null, swatch: string | null) => {
      const key = colour ?? '';
      if (!colours.has(key))
        colours.set(
          key,
          save(
            `${product.slug}${colour ? `-${colour.toLowerCase().replace(/\s+/g, '-')}` : ''}`,
            productPicture(product.title, groundColour(product.title, swatch)),
          ).then((file) => ({ ...file, alt: colour ? `${alt}, ${colour}` : alt })),
        );
      return colours.get(key)!;
    };
    const own = byProduct.get(product.id) ?? [];
    const first = own.find((row) => row.swatch);
    const main = await pictureOf(first?.colour ?? null, first?.swatch ?? null);
    const coloured = await Promise.all(
      own.filter((row) => row.swatch).map(async (row) => ({ id: row.id, image: await pictureOf(row.colour, row.swatch) })),
    );
    await scope.db.withTenant(tenantId, async (tx) => {
      await tx
        .update(p)
        .set({ images: [main] })
        .where(and(tenantFilter(p, tenantId), eq(p.id, product.id)));
      for (const row of coloured)
        await tx
          .update(v)
          .set({ images: [row.image] })
          .where(and(tenantFilter(v, tenantId), eq(v.id, row.id)));
    });
  }
  for (const banner of banners) {
    const image = banner.image as ShopImage;
    const file = await save(`banner-${hash(banner.title)}`, productPicture(banner.title, groundColour(banner.title)));
    await scope.db.withTenant(tenantId, (tx) =>
      tx
        .update(commerceBanners)
        .set({ image: { ...file, alt: image.alt } })
        .where(and(tenantFilter(commerceBanners, tenantId), eq(commerceBanners.id, banner.id))),
    );
  }
}
