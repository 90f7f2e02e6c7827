import type { FastifyInstance } from 'fastify';
import type { Row, Scope } from '../../../kernel/resources';
import { attributesResource } from './resources/attributes';
import { categoriesResource } from './resources/categories';
import { productsResource } from './resources/products';
import { tagsResource } from './resources/tags';
import { taxRatesResource } from './resources/tax-rates';
import { slugify } from './schemas';
import { addAttributeValues } from './services/attribute-values';
import { editVariations, generateVariations } from './services/variations';

/**
 * The demo community's shop: a handloom and crafts store in INR — nested categories, Colour and
 * Size values, about three dozen products with their variations, stock and GST rates (5/12/18%).
 * Builds on the resources' examples (seeded first: settings, three GST rates, top categories,
 * tags, the Colour and Size attributes, two products).
 */

const COLOURS: [string, string][] = [
  ['Indigo', '#2e3a87'],
  ['Maroon', '#800020'],
  ['Mustard', '#d4a017'],
  ['Ivory', '#f4efe1'],
  ['Forest Green', '#2f5d3a'],
  ['Charcoal', '#36393b'],
  ['Rust', '#b7410e'],
];
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'UK 6', 'UK 7', 'UK 8', 'UK 9', 'UK 10'];

/** Subcategories under the examples' top categories (and one level below). */
const TREE: Record<string, Record<string, string[]>> = {
  Clothing: { Men: ['Kurtas', 'Shirts'], Women: ['Sarees', 'Kurtis & Tops'], Kids: [] },
  'Home & Living': { 'Bed & Bath': [], 'Kitchen & Dining': [], Décor: [] },
  Accessories: { Bags: [], Jewellery: [], Footwear: [] },
};

interface SampleProduct {
  title: string;
  category: string;
  brand: string;
  /** Rupees. */
  price: number;
  description: string;
  colours?: string[];
  sizes?: string[];
  taxClass?: 'standard' | 'apparel' | 'reduced';
  tags?: string[];
  featured?: boolean;
  status?: 'draft' | 'active' | 'archived';
}

const APPAREL = ['S', 'M', 'L', 'XL'];
const PRODUCTS: SampleProduct[] = [
  {
    title: 'Ikat Cotton Kurta',
    category: 'Kurtas',
    brand: 'Tantuja',
    price: 1899,
    colours: ['Indigo', 'Maroon', 'Ivory'],
    sizes: APPAREL,
    taxClass: 'apparel',
    tags: ['Handloom'],
    featured: true,
    description: 'Double-ikat handloom cotton from Pochampally, straight cut with side slits and a mandarin collar.',
  },
  {
    title: 'Khadi Nehru Kurta',
    category: 'Kurtas',
    brand: 'Khadi Gram',
    price: 1499,
    colours: ['Ivory', 'Charcoal'],
    sizes: ['M', 'L', 'XL', 'XXL'],
    taxClass: 'apparel',
    tags: ['Handloom', 'Organic cotton'],
    description: 'Hand-spun khadi, breathable in summer and soft after every wash.',
  },
  {
    title: 'Block-Print Short Kurta',
    category: 'Kurtas',
    brand: 'Bagru Studio',
    price: 1299,
    colours: ['Rust', 'Indigo'],
    sizes: APPAREL,
    taxClass: 'apparel',
    description: 'Dabu mud-resist block print from Bagru, dyed with natural indigo and pomegranate.',
  },
  {
    title: 'Linen Band-Collar Shirt',
    category: 'Shirts',
    brand: 'Weavers Row',
    price: 2199,
    colours: ['Ivory', 'Forest Green', 'Charcoal'],
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    taxClass: 'standard',
    featured: true,
    description: 'Pure linen woven in Bhagalpur, garment-washed for a lived-in drape.',
  },
  {
    title: 'Chambray Work Shirt',
    category: 'Shirts',
    brand: 'Weavers Row',
    price: 1799,
    colours: ['Indigo'],
    sizes: APPAREL,
    taxClass: 'standard',
    description: 'Sturdy handloom chambray with two flap pockets and horn buttons.',
  },
  {
    title: 'Kalamkari Printed Shirt',
    category: 'Shirts',
    brand: 'Srikalahasti Crafts',
    price: 1999,
    colours: ['Mustard', 'Rust'],
    sizes: APPAREL,
    taxClass: 'standard',
    description: 'Hand-drawn kalamkari motifs on soft mul cotton.',
  },
  {
    title: 'Chanderi Silk Saree',
    category: 'Sarees',
    brand: 'Chanderi Weavers Collective',
    price: 6499,
    colours: ['Ivory', 'Mustard', 'Maroon'],
    taxClass: 'reduced',
    tags: ['Handloom', 'Gift idea'],
    featured: true,
    description: 'Sheer silk-cotton Chanderi with gold zari buttis and a woven border; 6.3 m with blouse piece.',
  },
  {
    title: 'Kanjeevaram Silk Saree',
    category: 'Sarees',
    brand: 'Kanchi Looms',
    price: 18_999,
    colours: ['Maroon', 'Forest Green'],
    taxClass: 'reduced',
    tags: ['Handloom'],
    description: 'Pure mulberry silk with a contrast korvai border, woven over twelve days.',
  },
  {
    title: 'Jamdani Cotton Saree',
    category: 'Sarees',
    brand: 'Phulia Tant',
    price: 4299,
    colours: ['Ivory', 'Indigo'],
    taxClass: 'reduced',
    tags: ['Handloom'],
    description: 'Fine count cotton with jamdani florals inlaid by hand on the loom.',
  },
  {
    title: 'Mul Cotton A-Line Kurti',
    category: 'Kurtis & Tops',
    brand: 'Tantuja',
    price: 1199,
    colours: ['Mustard', 'Ivory', 'Rust'],
    sizes: ['XS', 'S', 'M', 'L', 'XL'],
    taxClass: 'apparel',
    description: 'Featherlight mul cotton with pintucks at the yoke and three-quarter sleeves.',
  },
  {
    title: 'Ajrakh Wrap Top',
    category: 'Kurtis & Tops',
    brand: 'Kutch Ajrakh House',
    price: 1599,
    colours: ['Indigo', 'Maroon'],
    sizes: ['S', 'M', 'L'],
    taxClass: 'apparel',
    tags: ['Organic cotton'],
    description: 'Sixteen-step ajrakh resist print from Ajrakhpur in madder and indigo.',
  },
  {
    title: 'Embroidered Chikankari Kurti',
    category: 'Kurtis & Tops',
    brand: 'Lucknow Chikan Co.',
    price: 2499,
    colours: ['Ivory'],
    sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
    taxClass: 'apparel',
    featured: true,
    description: 'Hand-embroidered shadow work on georgette, with a cotton slip.',
  },
  {
    title: 'Kids Cotton Jhabla Set',
    category: 'Kids',
    brand: 'Little Looms',
    price: 799,
    colours: ['Mustard', 'Forest Green'],
    sizes: ['XS', 'S', 'M'],
    taxClass: 'apparel',
    tags: ['Organic cotton', 'Gift idea'],
    description: 'Soft organic cotton top and pyjama for ages 1–4, nickel-free snaps.',
  },
  {
    title: 'Kids Printed Kurta Pyjama',
    category: 'Kids',
    brand: 'Little Looms',
    price: 999,
    colours: ['Rust', 'Indigo'],
    sizes: ['XS', 'S', 'M', 'L'],
    taxClass: 'apparel',
    description: 'Festive block-printed kurta with an elasticated cotton pyjama.',
  },
  {
    title: 'Jaipuri Razai Quilt',
    category: 'Bed & Bath',
    brand: 'Sanganer Prints',
    price: 3499,
    colours: ['Indigo', 'Rust'],
    sizes: ['S', 'L'],
    taxClass: 'standard',
    tags: ['Gift idea'],
    description: 'Hand-quilted cotton razai filled with 300 g of carded cotton; single (S) or double (L).',
  },
  {
    title: 'Handloom Cotton Bath Towel',
    category: 'Bed & Bath',
    brand: 'Panipat Weaves',
    price: 699,
    colours: ['Ivory', 'Charcoal', 'Forest Green'],
    taxClass: 'standard',
    description: 'Waffle-weave cotton that dries fast; 70 × 140 cm.',
  },
  {
    title: 'Block-Print Double Bedsheet',
    category: 'Bed & Bath',
    brand: 'Sanganer Prints',
    price: 1899,
    colours: ['Indigo', 'Mustard'],
    taxClass: 'standard',
    description: '220 thread-count cotton with two pillow covers, 228 × 254 cm.',
  },
  {
    title: 'Copper Water Bottle',
    category: 'Kitchen & Dining',
    brand: 'Tamra',
    price: 1099,
    taxClass: 'standard',
    featured: true,
    description: 'Seamless pure copper, 1 litre, with a leak-proof lid.',
  },
  {
    title: 'Kansa Dinner Plate',
    category: 'Kitchen & Dining',
    brand: 'Tamra',
    price: 2799,
    taxClass: 'standard',
    description: 'Hand-beaten bell-metal thali, 30 cm, polished by hand.',
  },
  {
    title: 'Terracotta Serving Bowls, Set of 3',
    category: 'Kitchen & Dining',
    brand: 'Khurja Pottery',
    price: 899,
    colours: ['Rust', 'Charcoal'],
    taxClass: 'reduced',
    description: 'Glazed inside, food-safe, microwave-friendly; 12, 15 and 18 cm.',
  },
  {
    title: 'Sheesham Wood Spice Box',
    category: 'Kitchen & Dining',
    brand: 'Saharanpur Woodcraft',
    price: 1299,
    taxClass: 'standard',
    tags: ['Gift idea'],
    description: 'Seven steel katoris and a spoon in a carved rosewood masala dabba.',
  },
  {
    title: 'Brass Table Lamp',
    category: 'Décor',
    brand: 'Moradabad Metalcraft',
    price: 3299,
    taxClass: 'standard',
    description: 'Etched brass shade casting patterned light; E27 bulb holder, 40 cm tall.',
  },
  {
    title: 'Madhubani Painting on Handmade Paper',
    category: 'Décor',
    brand: 'Mithila Art House',
    price: 2499,
    sizes: ['S', 'M', 'L'],
    taxClass: 'reduced',
    tags: ['Gift idea'],
    description: 'Signed original by a Mithila artist, natural pigments; A4 (S), A3 (M) or A2 (L).',
  },
  {
    title: 'Dhokra Elephant Figurine',
    category: 'Décor',
    brand: 'Bastar Crafts',
    price: 1799,
    taxClass: 'reduced',
    description: 'Lost-wax cast bell-metal from Bastar, 12 cm tall.',
  },
  {
    title: 'Jute Floor Rug',
    category: 'Décor',
    brand: 'Bhadohi Rugs',
    price: 2299,
    colours: ['Ivory', 'Charcoal'],
    sizes: ['S', 'M', 'L'],
    taxClass: 'standard',
    description: 'Hand-braided jute, 60 × 90 (S), 120 × 180 (M) or 160 × 230 cm (L).',
  },
  {
    title: 'Leather Messenger Bag',
    category: 'Bags',
    brand: 'Kanpur Leatherworks',
    price: 4499,
    colours: ['Rust', 'Charcoal'],
    taxClass: 'standard',
    featured: true,
    description: 'Vegetable-tanned buffalo leather with a padded 14" laptop sleeve.',
  },
  {
    title: 'Embroidered Jhola Bag',
    category: 'Bags',
    brand: 'Kutch Ajrakh House',
    price: 899,
    colours: ['Maroon', 'Indigo', 'Mustard'],
    taxClass: 'apparel',
    tags: ['Gift idea'],
    description: 'Mirror-work cotton shoulder bag with an inner zip pocket.',
  },
  {
    title: 'Canvas Tote with Block Print',
    category: 'Bags',
    brand: 'Bagru Studio',
    price: 599,
    colours: ['Ivory'],
    taxClass: 'apparel',
    tags: ['Organic cotton'],
    description: '12 oz organic canvas, hand-printed, holds 10 kg.',
  },
  {
    title: 'Silver Oxidised Jhumkas',
    category: 'Jewellery',
    brand: 'Jaipur Silverworks',
    price: 1499,
    taxClass: 'reduced',
    tags: ['Gift idea'],
    description: '92.5 sterling silver with an oxidised finish, 4 cm drop.',
  },
  {
    title: 'Kundan Choker Necklace',
    category: 'Jewellery',
    brand: 'Jaipur Silverworks',
    price: 3999,
    colours: ['Maroon', 'Forest Green'],
    taxClass: 'reduced',
    description: 'Kundan stones set in gold-plated brass with an adjustable dori.',
  },
  {
    title: 'Lac Bangles, Set of 6',
    category: 'Jewellery',
    brand: 'Hyderabad Lac House',
    price: 699,
    colours: ['Maroon', 'Mustard', 'Forest Green'],
    sizes: ['S', 'M', 'L'],
    taxClass: 'reduced',
    description: 'Hand-rolled lac with glass stones; sizes 2.4 (S), 2.6 (M), 2.8 (L).',
  },
  {
    title: 'Kolhapuri Leather Chappals',
    category: 'Footwear',
    brand: 'Kolhapur Footcraft',
    price: 1299,
    colours: ['Rust', 'Charcoal'],
    sizes: ['UK 6', 'UK 7', 'UK 8', 'UK 9', 'UK 10'],
    taxClass: 'apparel',
    featured: true,
    description: 'Hand-stitched vegetable-tanned leather with a braided toe ring.',
  },
  {
    title: 'Embroidered Mojaris',
    category: 'Footwear',
    brand: 'Punjab Jutti Co.',
    price: 1599,
    colours: ['Ivory', 'Maroon'],
    sizes: ['UK 6', 'UK 7', 'UK 8', 'UK 9'],
    taxClass: 'apparel',
    description: 'Cushioned leather juttis with thread and sequin embroidery.',
  },
  {
    title: 'Handloom Stole',
    category: 'Accessories',
    brand: 'Kullu Shawl Weavers',
    price: 1199,
    colours: ['Charcoal', 'Maroon', 'Mustard', 'Forest Green'],
    taxClass: 'apparel',
    tags: ['Handloom'],
    description: 'Soft merino-blend stole with Kullu geometric borders, 70 × 200 cm.',
  },
  {
    title: 'Pashmina Shawl',
    category: 'Accessories',
    brand: 'Srinagar Pashmina',
    price: 12_499,
    colours: ['Ivory', 'Charcoal'],
    taxClass: 'apparel',
    status: 'draft',
    description: 'Hand-spun Changthangi pashmina, certified, in a cedar gift box.',
  },
  {
    title: 'Winter Collection Sample Kurta',
    category: 'Kurtas',
    brand: 'Tantuja',
    price: 2299,
    colours: ['Charcoal'],
    sizes: ['M', 'L'],
    taxClass: 'apparel',
    status: 'archived',
    description: 'Last season’s wool-blend kurta, kept for reference.',
  },
];

/** A spread of stock levels that looks like a real shop's (some sold out, a few plenty). */
const stockFor = (i: number) => [0, 3, 7, 12, 18, 25, 40, 5, 9, 60][(i * 7 + 3) % 10];

const byField = (rows: Row[], field: string) => new Map(rows.map((r) => [String(r[field]), r]));
const all = async (scope: Scope, resource: typeof categoriesResource) =>
  (await resource.list(scope, { limit: 200, offset: 0, withTotal: 'false' } as never)).data;

export async function seedCatalogue(_app: FastifyInstance, scope: Scope): Promise<void> {
  const db = scope.db;
  // Taxonomy: subcategories under the examples' top categories.
  const categories = byField(await all(scope, categoriesResource), 'name');
  for (const [top, subs] of Object.entries(TREE)) {
    const parent = categories.get(top) ?? (await categoriesResource.create(scope, { name: top }));
    let order = 1;
    for (const [sub, leaves] of Object.entries(subs)) {
      const child = await categoriesResource.create(scope, { name: sub, parentId: parent.id, sortOrder: order++ });
      categories.set(sub, child);
      for (const leaf of leaves)
        categories.set(leaf, await categoriesResource.create(scope, { name: leaf, parentId: child.id, sortOrder: order++ }));
    }
  }
  const tags = byField(await all(scope, tagsResource), 'name');
  const attributes = byField(await all(scope, attributesResource), 'name');
  const colour = attributes.get('Colour') ?? (await attributesResource.create(scope, { name: 'Colour', display: 'swatches' }));
  const size = attributes.get('Size') ?? (await attributesResource.create(scope, { name: 'Size' }));
  const values = await db.withTenant(scope.tenantId, async (tx) => [
    ...(await addAttributeValues(
      tx,
      scope,
      colour.id,
      COLOURS.map(([value, swatch]) => ({ value, swatch })),
    )),
    ...(await addAttributeValues(
      tx,
      scope,
      size.id,
      SIZES.map((value) => ({ value })),
    )),
  ]);
  const valueId = new Map(values.map((v) => [`${v.attributeId}:${v.value}`, v.id]));

  for (const [i, sample] of PRODUCTS.entries()) {
    const product = await productsResource.create(scope, {
      title: sample.title,
      description: sample.description,
      brand: sample.brand,
      status: sample.status ?? 'active',
      categoryId: categories.get(sample.category)?.id,
      tagIds: (sample.tags ?? []).map((t) => tags.get(t)?.id).filter(Boolean),
      taxClass: sample.taxClass ?? 'standard',
      featured: sample.featured ?? false,
      price: sample.price * 100,
      onHand: stockFor(i),
      images: [{ url: `https://images.atrium.example/shop/${slugify(sample.title)}.jpg`, alt: sample.title }],
      seoTitle: `${sample.title} | ${sample.brand}`.slice(0, 70),
    });
    const chosen = [
      ...(sample.colours ?? []).map((c) => valueId.get(`${colour.id}:${c}`)!),
      ...(sample.sizes ?? []).map((s) => valueId.get(`${size.id}:${s}`)!),
    ];
    if (chosen.length === 0) continue;
    await db.withTenant(scope.tenantId, async (tx) => {
      const made = await generateVariations(tx, scope, product.id, { attributeValueIds: chosen, price: sample.price * 100 });
      // Larger sizes cost a little more; stock varies per variation.
      const edits = made.variations.map((v, k) => ({
        id: v.id,
        price: sample.price * 100 + (/XXL|XL/.test(v.title) ? 10_000 : 0),
        compareAtPrice: sample.featured ? Math.round(sample.price * 1.2) * 100 : null,
        onHand: stockFor(i + k),
      }));
      await editVariations(tx, scope, product.id, edits);
    });
  }
  // Shipping is taxed at the standard rate.
  await taxRatesResource.create(scope, { name: 'GST 18% on shipping', taxClass: 'shipping', country: 'IN', ratePpm: 180_000 });
}
