import { Alert, MultiSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../api/client';
import { useCurrency } from '../../../api/get-locale';
import { formatMoney } from '../../../kit/money';
import { listRecords, type Row } from '../../../kit/resource-api';
import { type CardItem, useVariableOptions } from './templates-api';

// Product and post cards are picked from the shop's products and the site's blog posts (their own
// lists, read with the editor's session); each pick is copied into the design, so an email keeps
// what it showed when it was written.

const SOURCES = {
  products: {
    path: 'commerce/products',
    query: { limit: 100, status: 'active', sort: 'title' },
    label: 'Products from the shop',
    segment: 'shop',
  },
  posts: {
    path: 'site/blogs',
    query: { limit: 100, status: 'published', sort: '-publishAt' },
    label: 'Posts from the blog',
    segment: 'blog',
  },
} as const;

type Image = { url?: string } | null | undefined;

function price(amount: unknown, currency: string): string {
  if (typeof amount !== 'number') return '';
  return `From ${formatMoney(amount, currency)}`;
}

/** A card copied from a product or a post; its link is on the business website when one is set. */
function cardOf(source: 'products' | 'posts', row: Row, website: string, currency: string): CardItem {
  const slug = String(row.slug ?? '');
  return {
    sourceId: row.id,
    title: String(row.title ?? ''),
    text: source === 'products' ? price(row.minPrice, currency) : String(row.excerpt ?? '').slice(0, 300),
    imageUrl: source === 'products' ? ((row.images as Image[] | undefined)?.[0]?.url ?? '') : ((row.coverImage as Image)?.url ?? ''),
    url: website ? `${website}/${SOURCES[source].segment}/${slug}` : '',
  };
}

export function CardsPicker({
  source,
  items,
  onChange,
  error,
}: {
  source: 'products' | 'posts';
  items: CardItem[];
  onChange: (items: CardItem[]) => void;
  error?: string;
}) {
  const config = SOURCES[source];
  const rows = useQuery({
    queryKey: ['resource', config.path, 'list', config.query],
    queryFn: () => listRecords(config.path, config.query),
  });
  const currency = useCurrency();
  const website = useVariableOptions().data?.find((v) => v.name === 'business_website')?.example ?? '';
  const base = /^https?:\/\//.test(website) ? website.replace(/\/$/, '') : '';
  if (rows.isError) {
    return (
      <Alert color="yellow" variant="light">
        {rows.error instanceof ApiError && rows.error.status === 403
          ? `Your role cannot read the ${source === 'products' ? 'shop’s products' : 'blog’s posts'}: ask for read access to pick them.`
          : 'The list could not be loaded.'}
      </Alert>
    );
  }
  const byId = new Map((rows.data?.data ?? []).map((r) => [r.id, r]));
  const picked = items.map((i) => i.sourceId).filter((id) => byId.has(id));
  return (
    <MultiSelect
      label={config.label}
      description="Up to four; each card links to its page on your website"
      placeholder={rows.isPending ? 'Loading…' : picked.length === 0 ? 'Pick…' : undefined}
      data={(rows.data?.data ?? []).map((r) => ({ value: r.id, label: String(r.title) }))}
      value={picked}
      maxValues={4}
      searchable
      error={error}
      onChange={(ids) => onChange(ids.map((id) => items.find((i) => i.sourceId === id) ?? cardOf(source, byId.get(id)!, base, currency)))}
    />
  );
}
