import type { FastifyInstance } from 'fastify';
import { formatMoney, isCurrencyCode } from '../../../kernel/money';
import type { Row, Scope } from '../../../kernel/resources';
import type { EmailDesign } from './email/design';
import { layoutByKey } from './email/layouts';
import { emailTemplatesResource } from './email/resource';

// The demo community's email templates beyond the resource's examples: two built from the starter
// layouts with the demo shop's own products and the demo site's own blog posts.

type Image = { url?: string; alt?: string } | null | undefined;

async function firstRows(app: FastifyInstance, scope: Scope, path: string, query: Record<string, string | number | undefined>) {
  const resource = app.resources.get(path);
  if (!resource) return [];
  return (await resource.list(scope, { offset: 0, withTotal: 'false', ...query })).data;
}

async function website(app: FastifyInstance, scope: Scope): Promise<string> {
  const [profile] = await firstRows(app, scope, 'settings/client-profile', { limit: 1 });
  return typeof profile?.website === 'string' ? profile.website.replace(/\/$/, '') : '';
}

/** A product's lowest price as the shop shows it (amounts are kept in minor units). */
function price(amount: unknown, currency: string): string {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || !isCurrencyCode(currency)) return '';
  return `From ${formatMoney(amount, currency)}`;
}

/** The layout's design with its cards block filled with `items`. */
function withCards(key: 'layout-2' | 'layout-4', items: unknown[]): EmailDesign {
  const layout = layoutByKey(key)!;
  return {
    ...layout.design,
    blocks: layout.design.blocks.map((b) => (b.type === 'cards' ? { ...b, items } : b)) as EmailDesign['blocks'],
  };
}

/** Templates whose cards are the first records of a resource, each linking to its page in the site's `folder`. */
const cardsTemplates = (currency: string) => [
  {
    from: 'commerce/products',
    query: { limit: 4, status: 'active' },
    folder: 'shop',
    card: (p: Row) => ({ text: price(p.minPrice, currency), imageUrl: (p.images as Image[] | undefined)?.[0]?.url ?? '' }),
    name: 'New in the shop',
    subject: '{{ first_name }}, new in the shop this week',
    preheader: 'Picked for you from our latest arrivals',
    layout: 'layout-2' as const,
  },
  {
    from: 'site/blogs',
    query: { limit: 2 },
    folder: 'blog',
    card: (p: Row) => ({
      text: typeof p.excerpt === 'string' ? p.excerpt.slice(0, 300) : '',
      imageUrl: (p.coverImage as Image)?.url ?? '',
    }),
    name: 'Monthly newsletter',
    subject: '{{ business_name }} newsletter: what we built this month',
    preheader: 'Projects, showroom news and our latest articles',
    layout: 'layout-4' as const,
  },
];

export async function seedTemplates(app: FastifyInstance, scope: Scope): Promise<void> {
  const site = await website(app, scope);
  if (!site) return;
  const [profile] = await firstRows(app, scope, 'settings/client-profile', { limit: 1 });
  const currency = typeof profile?.currency === 'string' ? profile.currency : 'EUR';

  for (const { from, query, folder, card, ...template } of cardsTemplates(currency)) {
    const rows = await firstRows(app, scope, from, query);
    if (rows.length === 0) continue;
    const items = rows.map((row: Row) => ({
      sourceId: row.id,
      title: String(row.title),
      ...card(row),
      url: `${site}/${folder}/${String(row.slug)}`,
    }));
    await emailTemplatesResource.create(scope, { ...template, design: withCards(template.layout, items) });
  }
}
