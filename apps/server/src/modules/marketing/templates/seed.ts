import type { FastifyInstance } from 'fastify';
import type { Row, Scope } from '../../../kernel/resources';
import type { EmailDesign } from './email/design';
import { layoutByKey } from './email/layouts';
import { emailTemplatesResource } from './email/resource';

// The demo community's email templates beyond the resource's examples: two built from the starter
// layouts with the demo shop's own products and the demo site's own blog posts.

type Image = { url?: string; alt?: string } | null | undefined;

async function firstRows(app: FastifyInstance, scope: Scope, path: string, query: Record<string, string | number>) {
  const resource = app.resources.get(path);
  if (!resource) return [];
  return (await resource.list(scope, { offset: 0, withTotal: 'false', ...query } as never)).data;
}

async function website(app: FastifyInstance, scope: Scope): Promise<string> {
  const [profile] = await firstRows(app, scope, 'settings/client-profile', { limit: 1 });
  return typeof profile?.website === 'string' ? profile.website.replace(/\/$/, '') : '';
}

/** A product's lowest price as the shop shows it (amounts are kept in minor units). */
function price(amount: unknown, currency: string): string {
  if (typeof amount !== 'number') return '';
  const format = new Intl.NumberFormat('en', { style: 'currency', currency });
  return `From ${format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2))}`;
}

/** The layout's design with its cards block filled with `items`. */
function withCards(key: 'layout-2' | 'layout-4', items: unknown[]): EmailDesign {
  const layout = layoutByKey(key)!;
  return {
    ...layout.design,
    blocks: layout.design.blocks.map((b) => (b.type === 'cards' ? { ...b, items } : b)) as EmailDesign['blocks'],
  };
}

export async function seedTemplates(app: FastifyInstance, scope: Scope): Promise<void> {
  const site = await website(app, scope);
  if (!site) return;
  const [profile] = await firstRows(app, scope, 'settings/client-profile', { limit: 1 });
  const currency = typeof profile?.currency === 'string' ? profile.currency : 'EUR';

  const products = await firstRows(app, scope, 'commerce/products', { limit: 4, status: 'active' });
  if (products.length > 0) {
    const items = products.map((p: Row) => ({
      sourceId: p.id,
      title: String(p.title),
      text: price(p.minPrice, currency),
      imageUrl: (p.images as Image[] | undefined)?.[0]?.url ?? '',
      url: `${site}/shop/${String(p.slug)}`,
    }));
    await emailTemplatesResource.create(scope, {
      name: 'New in the shop',
      subject: '{{ first_name }}, new in the shop this week',
      preheader: 'Picked for you from our latest arrivals',
      layout: 'layout-2',
      design: withCards('layout-2', items),
    });
  }

  const posts = await firstRows(app, scope, 'site/blogs', { limit: 2 });
  if (posts.length > 0) {
    const items = posts.map((p: Row) => ({
      sourceId: p.id,
      title: String(p.title),
      text: typeof p.excerpt === 'string' ? p.excerpt.slice(0, 300) : '',
      imageUrl: (p.coverImage as Image)?.url ?? '',
      url: `${site}/blog/${String(p.slug)}`,
    }));
    await emailTemplatesResource.create(scope, {
      name: 'Monthly newsletter',
      subject: '{{ business_name }} newsletter: what we built this month',
      preheader: 'Projects, showroom news and our latest articles',
      layout: 'layout-4',
      design: withCards('layout-4', items),
    });
  }
}
