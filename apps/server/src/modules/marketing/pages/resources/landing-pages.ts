import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Scope } from '../../../../kernel/resources';
import { autoSlug, type BeforeWrite, defineResource, errors, steps, tenantFilter } from '../../../../kernel/resources';
import { marketingLandingPages } from '../../tables/pages';
import { pageCache } from '../cache';
import { designSchema } from '../design';
import { LANDING_TEMPLATES, templateByKey } from '../templates';

export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'Lower-case letters, digits and dashes (at most 80), starting with a letter or digit');

/** Refuses a slug another page of the community has (409 naming the field). */
export async function assertSlugFree(tx: Db, scope: Scope, slug: string, exceptId?: string) {
  const t = marketingLandingPages;
  const [taken] = await tx
    .select({ id: t.id })
    .from(t)
    .where(and(tenantFilter(t, scope.tenantId), eq(t.slug, slug), exceptId ? ne(t.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw errors.conflict('slug_taken', 'Another landing page has this address', { slug: 'Already used by another page' });
}

/** A new page starts from its template's blocks; the slug stays free; publishing needs a block. */
const checkPage: BeforeWrite = async (ctx, data) => {
  const next = { ...data };
  if (ctx.op === 'create') {
    const template = typeof next.templateKey === 'string' ? templateByKey(next.templateKey) : undefined;
    if (next.design === undefined && template) next.design = designSchema.parse(template.design);
  }
  if (typeof next.slug === 'string' && next.slug !== ctx.existing?.slug)
    await assertSlugFree(ctx.tx, ctx.scope, next.slug, ctx.existing?.id as string);
  const publishing = next.status === 'published' && ctx.existing?.status !== 'published';
  if (publishing) {
    const design = (next.design ?? ctx.existing?.design) as { blocks: unknown[] } | undefined;
    if (!design?.blocks.length) throw errors.validation({ design: 'Add at least one block before publishing' });
    next.publishedAt = new Date();
  }
  return next;
};

export const landingPagesResource = defineResource({
  path: 'marketing/landing-pages',
  module: 'marketing-pages',
  table: marketingLandingPages,
  label: { singular: 'Landing page', plural: 'Landing pages' },
  readOnly: ['opens', 'clicks', 'signups', 'publishedAt'],
  input: {
    name: (s) => s.trim().min(1, 'Name the page').max(200),
    slug: () => slugSchema.optional(),
    templateKey: () => z.enum(LANDING_TEMPLATES.map((t) => t.key) as [string, ...string[]]).optional(),
    design: () => designSchema,
    seoTitle: (s) => s.trim().max(70),
    seoDescription: (s) => s.trim().max(160),
  },
  list: {
    search: ['name', 'slug'],
    filters: ['status', 'updatedAt'],
    sort: ['name', 'opens', 'updatedAt', 'publishedAt'],
    defaultSort: '-updatedAt',
  },
  fields: {
    slug: { help: 'The address below /p/ on the public site; made from the name when left empty' },
    status: { options: { draft: { color: 'gray' }, published: { color: 'green' } } },
    templateKey: { label: 'Template' },
    design: { label: 'Blocks' },
    seoTitle: { label: 'SEO title' },
    seoDescription: { label: 'SEO description', widget: 'textarea' },
  },
  ui: { title: 'name', columns: ['name', 'slug', 'status', 'opens', 'clicks', 'signups', 'updatedAt'] },
  hooks: {
    // A page created without a slug gets one from its name (-2, -3 … when taken).
    beforeWrite: steps(autoSlug(marketingLandingPages, 'name'), checkPage),
    // The public page is rendered again after any change (publish, unpublish, edit, new slug).
    afterCommit(scope, _op, records) {
      for (const r of records) pageCache.invalidate(scope.tenantId, String(r.id));
    },
  },
  examples: [
    {
      name: 'Spring offer on porcelain tiles',
      slug: 'spring-tiles-offer',
      templateKey: 'product-launch',
      status: 'published',
      seoTitle: 'Spring offer: 15% off porcelain tiles',
      seoDescription: 'Large-format porcelain tiles at 15% off until the end of April.',
      design: {
        accent: '#c2410c',
        blocks: [
          {
            id: 'hero',
            type: 'hero',
            heading: '15% off porcelain tiles this spring',
            subheading: 'Carrara Matt and Terra slabs for floors, walls and terraces: until 30 April.',
            ctaLabel: 'See the tiles',
            ctaUrl: '/shop/tiles',
          },
          {
            id: 'features',
            type: 'features',
            heading: 'Why porcelain',
            items: [
              { title: 'Below 0.5% absorption', text: 'Stays flat and clean in bathrooms and on verandas.' },
              { title: 'R10 to R11 slip rating', text: 'Matt and structured finishes for wet floors.' },
              { title: 'Large formats', text: 'Up to 1200 × 2400 mm: fewer joints, calmer rooms.' },
            ],
          },
          {
            id: 'quote',
            type: 'testimonial',
            quote: 'The Terra slabs survived two monsoons on our pool deck without a single stain.',
            author: 'Anil Kapoor',
            role: 'Villa owner, Goa',
          },
          { id: 'order', type: 'cta', heading: 'Offer ends 30 April', label: 'Ask for a quote', url: '/contact' },
          { id: 'footer', type: 'footer', text: 'Prices include GST. Offer valid for orders placed until 30 April.' },
        ],
      },
    },
    {
      name: 'Facade design guide',
      slug: 'facade-design-guide',
      templateKey: 'lead-capture',
      status: 'published',
      seoTitle: 'Free facade design guide for architects',
      seoDescription: 'Ventilated facades, WPC cladding and fixing details: our 24-page guide.',
      design: {
        accent: '#1f6feb',
        blocks: [
          {
            id: 'hero',
            type: 'hero',
            heading: 'The facade design guide',
            subheading: 'Ventilated facades, cladding systems and fixing details in 24 pages, free for architects.',
          },
          {
            id: 'contents',
            type: 'features',
            heading: 'Inside the guide',
            items: [
              { title: 'Ventilated cavities', text: 'How much air gap, where to leave it open.' },
              { title: 'Fixing details', text: 'Battens, clips and movement joints, drawn to scale.' },
              { title: 'Fire and wind loads', text: 'What the codes ask of high-rise facades.' },
            ],
          },
          {
            id: 'signup',
            type: 'signup',
            heading: 'Get the guide by email',
            buttonLabel: 'Send me the guide',
            askName: true,
            consentText: 'I agree to receive the guide and occasional product news by email.',
            optIn: 'single',
            tags: ['facade-guide'],
            thankYou: 'Thank you! The guide is on its way to your inbox.',
          },
          { id: 'footer', type: 'footer', text: 'You can unsubscribe from every mail we send.' },
        ],
      },
    },
  ],
});
