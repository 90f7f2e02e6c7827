import { inSection, recordHref, type Screen, type ScreenEntry } from '../../../config/screen-types';
import { CATALOGUE_PATHS as P } from './paths';

/** A catalogue screen in the Shop menu; a plain resource screen's records open in its drawer. */
const inCatalogue = inSection({ group: 'shop', section: 'Catalogue', modules: ['commerce-catalogue'] });
const shop = (entry: ScreenEntry): Screen =>
  inCatalogue({ records: entry.resource ? [{ resource: entry.resource, href: recordHref(entry.path) }] : undefined, ...entry });

/** Shop → catalogue screens (controlcenter/e-commerce: newproduct, myproduct, tags, attributes, addatrributes, category). */
export const catalogueScreens: Screen[] = [
  shop({
    path: P.products,
    label: 'Products for sale',
    description: 'What the online shop sells: status, prices and category. Products shown on the website only are Website → Product pages.',
    keywords: ['shop products', 'catalogue', 'my products', 'inventory'],
    resource: 'commerce/products',
    component: () => import('./products-page'),
  }),
  // The seed's product editor page: products now open on the list's own page (`?record=<id>`, `new`).
  shop({
    path: P.newProduct,
    label: 'New shop product',
    description: 'Add a product: details, images, variations by colour and size, prices and stock.',
    keywords: ['new product', 'add product', 'variations', 'sku'],
    nav: false,
    movedTo: `${P.products}?record=new`,
  }),
  shop({
    path: P.categories,
    label: 'Shop categories',
    description: 'Categories and subcategories the shop is organised by.',
    resource: 'commerce/categories',
  }),
  shop({ path: P.tags, label: 'Product tags', description: 'Tags that group products across categories.', resource: 'commerce/tags' }),
  shop({
    path: P.attributes,
    label: 'Attributes',
    description: 'What products vary by: colour, size, material…',
    resource: 'commerce/attributes',
  }),
  shop({
    path: P.attributeValues,
    label: 'Attribute values',
    description: 'The values of each attribute: colours with swatches, sizes…',
    keywords: ['add attributes', 'colours', 'sizes'],
    component: () => import('./attribute-values-page'),
    drawer: 'commerce/attribute-values',
  }),
  shop({
    path: P.settings,
    label: 'Shop settings',
    description: 'Currency, prices with or without tax, order numbers, shipping and the payment window.',
    section: 'Settings',
    modules: ['commerce-settings'],
    keywords: ['currency', 'shipping', 'order prefix'],
    resource: 'commerce/settings',
    settings: true,
    component: () => import('./shop-settings-page'),
    records: undefined,
    beyondContract: 'The seeds keep the shop currency, tax and shipping in code; here a shop sets them itself',
  }),
  shop({
    path: P.banners,
    label: 'Shop banners',
    description: 'Promotional banners of the storefront: image, where each leads, when it shows, in which order.',
    section: 'Settings',
    keywords: ['promotions', 'carousel', 'hero', 'slides'],
    resource: 'commerce/banners',
    beyondContract: 'The mini-store seed names only its /banner call; here a shop edits its banners',
  }),
  shop({
    path: P.taxRates,
    label: 'Tax rates',
    description: 'Tax rates by class and region, applied at checkout.',
    section: 'Settings',
    modules: ['commerce-settings'],
    keywords: ['gst', 'vat', 'sales tax'],
    resource: 'commerce/tax-rates',
    component: () => import('./tax-rates-page'),
    beyondContract: 'The seeds have no tax rates screen; a shop needs one to charge tax by region',
  }),
];
