import { autoSlug, defineResource, steps } from '../../../kernel/resources';
import { linkedDocumentsSchema, specificationsSchema, tagsSchema, variantsSchema } from '../schemas';
import { publishing, sanitize, subcategoryOfCategory } from '../services/hooks';
import { siteProductSubcategories, siteProducts } from '../tables';
import { adminOrder, inputs, pageInput, pageUi, publishedScope, publishingAttention, seoInput } from './common';

/** Products of the catalogue, with their specifications table, images, documents and variants. */
export const productsResource = defineResource({
  path: 'site/products',
  module: 'site',
  table: siteProducts,
  label: { singular: 'Product', plural: 'Products' },
  input: {
    code: (s) =>
      s
        .trim()
        .min(1)
        .max(64)
        .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'Use letters, digits and . _ / -'),
    name: inputs.name,
    slug: inputs.slug,
    ...pageInput,
    specifications: () => specificationsSchema,
    images: inputs.images,
    documents: () => linkedDocumentsSchema,
    variants: () => variantsSchema,
    tags: () => tagsSchema,
    sortOrder: inputs.sortOrder,
    ...seoInput,
  },
  scopes: publishedScope(siteProducts),
  list: {
    search: ['name', 'code'],
    filters: ['status', 'categoryId', 'subcategoryId', 'featured', 'publishAt'],
    sort: ['name', 'code', 'sortOrder', 'publishAt'],
    ...adminOrder('name'),
  },
  fields: {
    ...pageUi,
    specifications: { widget: 'json', help: 'Rows of label and value, e.g. Water absorption: < 0.5%' },
    documents: { widget: 'json', help: 'Title, URL and type of each document' },
    variants: { widget: 'json', help: 'Code, finish, size, colour… of each variant' },
    tags: { widget: 'tags' },
    categoryId: { label: 'Category' },
    subcategoryId: { label: 'Subcategory' },
  },
  ui: {
    attention: publishingAttention,
    setup: { label: 'Publish your first product', filter: { status: 'published' } },
    title: 'name',
    columns: ['images', 'code', 'name', 'categoryId', 'status', 'updatedAt'],
  },
  hooks: {
    beforeWrite: steps(
      autoSlug(siteProducts, 'name'),
      sanitize('description'),
      subcategoryOfCategory(siteProductSubcategories),
      publishing,
    ),
  },
  examples: [
    {
      code: 'EBP-PT-6060-CAR',
      name: 'Carrara Matt 600 × 600',
      summary: 'White marble-look glazed porcelain floor tile with a soft matt finish.',
      description: '<p>Calacatta-inspired veining on a durable porcelain body. Suitable for living rooms, offices and retail.</p>',
      specifications: [
        { label: 'Size', value: '600 × 600 mm' },
        { label: 'Thickness', value: '9 mm' },
        { label: 'Water absorption', value: '< 0.5%' },
        { label: 'Slip resistance', value: 'R10' },
      ],
      images: [
        { url: 'https://images.euro-building.example/products/carrara-600.jpg', alt: 'Carrara Matt tile, white with grey veins' },
        { url: 'https://images.euro-building.example/products/carrara-600-room.jpg', alt: 'Living room floor in Carrara Matt tiles' },
      ],
      documents: [{ title: 'Datasheet', url: 'https://files.euro-building.example/datasheets/carrara.pdf', type: 'datasheet' }],
      variants: [
        { code: 'EBP-PT-6060-CAR-M', finish: 'Matt', size: '600 × 600 mm', colour: 'White' },
        { code: 'EBP-PT-6060-CAR-P', finish: 'Polished', size: '600 × 600 mm', colour: 'White' },
      ],
      tags: ['marble look', 'floor'],
      featured: true,
      status: 'published',
      sortOrder: 1,
    },
    {
      code: 'EBP-SL-1224-TER',
      name: 'Terra Slab 1200 × 2400',
      summary: 'Earth-toned large-format porcelain slab for floors, walls and countertops.',
      description: '<p>Fewer joints, calmer rooms. Cut on site for kitchen tops and vanities.</p>',
      specifications: [
        { label: 'Size', value: '1200 × 2400 mm' },
        { label: 'Thickness', value: '6 mm' },
      ],
      images: [{ url: 'https://images.euro-building.example/products/terra-slab.jpg', alt: 'Terracotta-coloured large porcelain slab' }],
      variants: [
        { code: 'EBP-SL-1224-TER-S', finish: 'Satin', size: '1200 × 2400 mm', colour: 'Terracotta' },
        { code: 'EBP-SL-1224-SAN-S', finish: 'Satin', size: '1200 × 2400 mm', colour: 'Sand' },
      ],
      tags: ['large format'],
      status: 'published',
      sortOrder: 2,
    },
    {
      code: 'EBP-WPC-EX-150',
      name: 'Exterior WPC Cladding 150 mm',
      summary: 'Co-extruded wood-plastic composite board with a UV-stable cap.',
      specifications: [
        { label: 'Profile', value: '150 × 21 mm' },
        { label: 'Length', value: '2900 mm' },
        { label: 'Fire rating', value: 'Class B-s1, d0' },
      ],
      images: [{ url: 'https://images.euro-building.example/products/wpc-150.jpg', alt: 'Teak-coloured WPC cladding on a villa wall' }],
      variants: [
        { code: 'EBP-WPC-EX-150-TK', finish: 'Wood grain', size: '150 × 21 × 2900 mm', colour: 'Teak' },
        { code: 'EBP-WPC-EX-150-GR', finish: 'Wood grain', size: '150 × 21 × 2900 mm', colour: 'Graphite' },
      ],
      tags: ['cladding', 'exterior'],
      status: 'published',
      sortOrder: 3,
    },
    {
      code: 'EBP-WPC-IN-FLT',
      name: 'Fluted Interior Panel',
      summary: 'Slatted decorative panel for feature walls.',
      tags: ['interior'],
      status: 'draft',
      sortOrder: 4,
    },
  ],
});
