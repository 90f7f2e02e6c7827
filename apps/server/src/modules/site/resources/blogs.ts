import { defineResource } from '../../../kernel/resources';
import { tagsSchema } from '../schemas';
import { autoSlug, publishing, sanitize, steps } from '../services/hooks';
import { siteBlogs } from '../tables';
import { inputs, publishedScope, publishingAttention, ui } from './common';

/** About 200 words a minute, from the text of the sanitised HTML. */
function readingMinutes(html: string): number {
  const words = html
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}

export const blogsResource = defineResource({
  path: 'site/blogs',
  module: 'site',
  table: siteBlogs,
  label: { singular: 'Blog post', plural: 'Blog posts' },
  readOnly: ['readingMinutes'],
  input: {
    title: (s) => s.trim().min(1).max(200),
    slug: inputs.slug,
    excerpt: (s) => s.trim().max(500),
    body: (s) => s.max(200_000),
    coverImage: inputs.image,
    authorName: (s) => s.trim().max(120),
    tags: () => tagsSchema,
    seoTitle: inputs.seoTitle,
    seoDescription: inputs.seoDescription,
  },
  scopes: publishedScope(siteBlogs),
  list: {
    search: ['title', 'excerpt', 'authorName', { field: 'body', kind: 'fulltext' }],
    filters: ['status', 'categoryId', 'featured', 'publishAt'],
    sort: ['title', 'publishAt'],
    defaultSort: '-publishAt',
  },
  fields: {
    ...ui,
    body: { widget: 'richtext' },
    excerpt: { widget: 'textarea' },
    tags: { widget: 'tags' },
    categoryId: { label: 'Category' },
    authorName: { label: 'Author' },
  },
  ui: {
    attention: publishingAttention,
    setup: { label: 'Publish a blog post', filter: { status: 'published' } },
    title: 'title',
    columns: ['title', 'categoryId', 'authorName', 'status', 'publishAt'],
  },
  hooks: {
    beforeWrite: steps(autoSlug(siteBlogs, 'title'), sanitize('body'), publishing, (_ctx, data) =>
      typeof data.body === 'string' ? { ...data, readingMinutes: readingMinutes(data.body) } : data,
    ),
  },
  examples: [
    {
      title: 'Choosing floor tiles for humid climates',
      excerpt: 'Water absorption, slip resistance and grout: what matters when the air is wet.',
      body: '<h2>Start with water absorption</h2><p>Porcelain tiles absorb less than 0.5% water, which keeps them stable in bathrooms, verandas and coastal homes.</p><h2>Slip resistance</h2><p>Look for an R11 rating or better on wet floors.</p>',
      coverImage: { url: 'https://images.euro-building.example/blog/humid-floors.jpg', alt: 'Matt porcelain floor on a covered veranda' },
      authorName: 'Kavita Menon',
      tags: ['tiles', 'flooring', 'guides'],
      status: 'published',
      featured: true,
    },
    {
      title: 'How to install WPC wall cladding',
      excerpt: 'A contractor-tested sequence, from battens to the last clip.',
      body: '<ol><li>Fix treated battens at 400 mm centres.</li><li>Start from the bottom with the starter clip.</li><li>Leave a 5 mm gap at every edge.</li></ol>',
      coverImage: {
        url: 'https://images.euro-building.example/blog/wpc-install.jpg',
        alt: 'Installer fixing wood-plastic composite boards',
      },
      authorName: 'Rahul Bose',
      tags: ['cladding', 'installation'],
      status: 'published',
    },
    {
      title: 'Our new factory in Chennai',
      excerpt: 'Double the capacity for large-format slabs.',
      body: '<p>The new line starts production next quarter.</p>',
      authorName: 'Communications team',
      tags: ['news'],
      status: 'draft',
    },
  ],
});
