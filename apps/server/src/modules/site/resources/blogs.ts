import { autoSlug, defineResource, steps } from '../../../kernel/resources';
import { tagsSchema } from '../schemas';
import { publishing, sanitize } from '../services/hooks';
import { siteBlogs } from '../tables';
import { inputs, publishedScope, publishingAttention, seoInput, ui } from './common';

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
    title: inputs.title,
    slug: inputs.slug,
    excerpt: (s) => s.trim().max(500),
    body: (s) => s.max(200_000),
    coverImage: inputs.image,
    authorName: (s) => s.trim().max(120),
    tags: () => tagsSchema,
    ...seoInput,
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
      body: [
        '<p>Coastal towns and monsoon months are hard on floors: the air stays wet for weeks, screeds never quite dry out, and a tile that drinks water cracks, stains or lifts. Three properties decide whether a floor lasts.</p>',
        '<h2>Start with water absorption</h2>',
        '<p>Porcelain tiles absorb less than 0.5% of their weight in water, against 3–10% for ordinary ceramic. That low porosity keeps them dimensionally stable in bathrooms, verandas and ground floors that wick moisture from the slab, and it stops dirt from being drawn into the body of the tile.</p>',
        '<h2>Slip resistance</h2>',
        '<p>Wet porcelain can be slippery. For bathrooms, balconies and entrances, choose a matt or structured finish rated R10 at least, and R11 or better where water stands or people walk barefoot. Keep polished finishes for dry living rooms.</p>',
        '<h2>Grout and movement joints</h2>',
        '<p>Use an epoxy or polymer-modified grout in wet areas: it does not absorb water and resists mould. Leave movement joints every 4–5 m and along walls, filled with flexible silicone rather than grout, so that the floor can breathe as the building takes up and gives off moisture.</p>',
        '<h2>Our recommendation</h2>',
        '<ul><li>Carrara Matt 600 × 600 for bathrooms and kitchens (R10, 0.3% absorption).</li><li>Terra Slab in the structured finish for verandas and pool surrounds (R11).</li><li>Ask our design desk for a sample board before you order.</li></ul>',
      ].join(''),
      coverImage: { url: 'https://images.euro-building.example/blog/humid-floors.jpg', alt: 'Matt porcelain floor on a covered veranda' },
      authorName: 'Kavita Menon',
      tags: ['tiles', 'flooring', 'guides'],
      status: 'published',
      featured: true,
    },
    {
      title: 'How to install WPC wall cladding',
      excerpt: 'A contractor-tested sequence, from battens to the last clip.',
      body: [
        '<p>Wood-plastic composite (WPC) cladding goes up quickly and needs no painting, but only if the frame behind it is right. This is the sequence our installation partners use on façades and feature walls.</p>',
        '<h2>Before you start</h2>',
        '<p>Let the boards acclimatise on site for 48 hours, flat and covered. Check the wall: it must be sound and dry, with any render cracks repaired. Plan the layout so that cut boards end up at corners and openings, not in the middle of the wall.</p>',
        '<h2>Step by step</h2>',
        '<ol><li>Fix treated timber or aluminium battens at 400 mm centres, plumb and in one plane; pack out dips with shims.</li><li>Fit the starter clip along the bottom batten, at least 150 mm above ground level.</li><li>Slide the first board into the starter clip and fix the top edge with a hidden clip on every batten.</li><li>Work upwards board by board; stagger end joints by at least two batten spacings.</li><li>Leave a 5 mm gap at every end and edge: WPC moves with temperature.</li><li>Finish corners, reveals and the top edge with the matching trims.</li></ol>',
        '<h2>Ventilation</h2>',
        '<p>Keep a 20 mm ventilated cavity behind the boards, open at the bottom and the top, covered with insect mesh. Air moving behind the cladding keeps the wall dry and the boards straight.</p>',
        '<p>Need help with a project? Our technical team reviews drawings free of charge and can recommend a certified installer near you.</p>',
      ].join(''),
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
      body: [
        '<p>Our second factory, in the SIPCOT industrial park near Chennai, has finished its trial runs. The new kiln line is built for large-format porcelain slabs up to 1200 × 2400 mm and doubles our capacity for them.</p>',
        '<h2>What changes for our customers</h2>',
        '<ul><li>Shorter lead times for Terra slabs in the south: from six weeks to about three.</li><li>Lower freight costs for projects in Tamil Nadu, Karnataka and Kerala.</li><li>Two new thicknesses (6 mm for wall cladding, 20 mm for outdoor paving).</li></ul>',
        '<h2>Built to use less</h2>',
        '<p>The kiln recovers its exhaust heat to dry the pressed tiles, and 40% of the factory’s power comes from the rooftop solar plant. Water from polishing is treated and reused on site.</p>',
        '<p>Regular production starts next quarter. Dealers can book a visit through their area manager.</p>',
      ].join(''),
      authorName: 'Communications team',
      tags: ['news'],
      status: 'draft',
    },
  ],
});
