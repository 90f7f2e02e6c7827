import { type BeforeWrite, defineResource, errors } from '../../../../kernel/resources';
import { type BANNER_LINK, commerceBanners } from '../../tables';
import { imageSchema, text, urlSchema } from '../schemas';

/** The field each kind of link needs; the others are cleared, so a banner never leads two ways. */
const LINK_FIELD = { none: null, product: 'productId', category: 'categoryId', url: 'linkUrl' } as const;
const LINK_FIELDS = ['productId', 'categoryId', 'linkUrl'] as const;
const USED_BY = { productId: 'a product', categoryId: 'a category', linkUrl: 'an address' } as const;

/**
 * A banner leads where its kind says: the kind's own field is required, the other two are refused
 * when given and emptied when kept from before;
 * and it ends after it starts. Checked on the record as it will be (a change of the kind alone must
 * bring its target too).
 */
export const bannerRules: BeforeWrite = async (ctx, data) => {
  const merged = { ...(ctx.existing ?? {}), ...data } as Record<string, unknown>;
  const [starts, ends] = [merged.startsAt, merged.endsAt].map((d) => (d ? new Date(d as string | Date).getTime() : null));
  if (starts !== null && ends !== null && ends <= starts) throw errors.validation({ endsAt: 'Ends after it starts' });
  const kind = (merged.linkKind ?? 'none') as (typeof BANNER_LINK)[number];
  const needed = LINK_FIELD[kind];
  if (needed && !merged[needed]) {
    const what = {
      productId: 'Choose the product it leads to',
      categoryId: 'Choose the category it leads to',
      linkUrl: 'Give the address it leads to',
    };
    throw errors.validation({ [needed]: what[needed] });
  }
  // A target for another kind in the same save is a mistake to point out, not to drop in silence;
  // one kept from before the kind changed is cleared.
  const unused = LINK_FIELDS.filter((field) => field !== needed && data[field] != null);
  if (unused.length > 0)
    throw errors.validation(Object.fromEntries(unused.map((field) => [field, `Used only when the banner leads to ${USED_BY[field]}`])));
  const out: Record<string, unknown> = { ...data };
  for (const field of LINK_FIELDS) if (field !== needed && merged[field] != null) out[field] = null;
  return out;
};

/** The shop's promotional banners: the mini-store's `/banner`, listed live by the storefront. */
export const bannersResource = defineResource({
  path: 'commerce/banners',
  module: 'commerce-catalogue',
  table: commerceBanners,
  label: { singular: 'Shop banner', plural: 'Shop banners' },
  input: {
    title: text.name,
    image: () => imageSchema,
    mobileImage: () => imageSchema.nullable(),
    linkUrl: () => urlSchema.nullable(),
    sortOrder: (s) => s.int().min(-100_000).max(100_000),
  },
  list: {
    search: ['title'],
    filters: ['active', 'linkKind', 'productId', 'categoryId'],
    sort: ['sortOrder', 'title', 'startsAt', 'endsAt'],
    defaultSort: 'sortOrder',
  },
  fields: {
    image: { widget: 'image' },
    mobileImage: { widget: 'image', label: 'Image for phones' },
    linkKind: { label: 'Leads to' },
    productId: { label: 'Product' },
    categoryId: { label: 'Category' },
    linkUrl: { widget: 'url', label: 'Address' },
    startsAt: { widget: 'datetime', label: 'Shown from', help: 'Empty: from now' },
    endsAt: { widget: 'datetime', label: 'Shown until', help: 'Empty: until switched off' },
    active: { label: 'Switched on' },
    sortOrder: { widget: 'number', help: 'Lower numbers come first' },
  },
  // The title first: it is what a row opens by (an image cell would open it by its address).
  ui: { title: 'title', columns: ['title', 'image', 'linkKind', 'active', 'startsAt', 'endsAt', 'sortOrder'] },
  hooks: { beforeWrite: bannerRules },
  examples: [
    {
      title: 'Festive edit: handloom for the season',
      image: { url: 'https://images.atrium.example/shop/banners/festive.jpg', alt: 'Handloom kurtas on a rail in warm light' },
      linkKind: 'url',
      linkUrl: 'https://demo.atrium.example/shop?tag=handloom',
      sortOrder: 1,
    },
    {
      title: 'Free shipping over ₹999',
      image: { url: 'https://images.atrium.example/shop/banners/shipping.jpg', alt: 'Parcel wrapped in printed cotton' },
      sortOrder: 2,
    },
  ],
});
