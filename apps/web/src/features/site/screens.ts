import { type AreaDeclaration, fromEntry, type LazyComponent, recordHref, type Screen, type ScreenEntry } from '../../config/screen-types';
import type { sitePageView } from './site-page-view';

const P = '/admin-panel';
/** The lists whose records used to open in pages of their own (now `?record=<id>` on the list). */
const BANNERS = `${P}/home`;
const PRODUCTS = `${P}/productDesign`;
const BLOGS = `${P}/blogs`;
const plain: LazyComponent = () => import('./plain-screen');
/** A list whose records open in their own editor, loaded when one opens (see site-page-view.tsx). */
const pageView = (editor: Parameters<typeof sitePageView>[0]) => () =>
  import('./site-page-view').then((m) => ({ default: m.sitePageView(editor) }));

type Entry = Omit<ScreenEntry, 'path'>;

/** A website screen in a section of the Website menu; records open in the list's drawer unless told otherwise. */
function site(section: string, path: string, entry: Entry): Screen {
  const full = `${P}/${path}`;
  const component = entry.component ?? (entry.resource && !entry.view ? plain : undefined);
  return {
    group: 'website',
    section,
    modules: ['site'],
    nav: true,
    records: entry.resource ? [{ resource: entry.resource, href: recordHref(full) }] : undefined,
    ...fromEntry({ path: full, ...entry }),
    component,
  };
}

const content = (path: string, entry: Entry) => site('Pages & content', path, entry);
const catalogue = (path: string, entry: Entry) => site('Catalogue', path, entry);
// The server's notices linked an inbound record as `?id=<id>`, now `?record=<id>` (links already sent keep working).
const inbound = (path: string, entry: Entry) =>
  site('Inbound', path, { keywords: ['messages', 'leads'], recordParams: { id: {} }, ...entry });
/**
 * A record's page of old, now opened by its list (`?record=<id>`, `new`): the path leads there; in the
 * palette (a "New …" one), not in the navigation.
 */
const moved = (path: string, entry: Entry & Pick<Screen, 'movedTo'>) => site('Editors', path, { nav: false, ...entry });

/** The website's screens (Website → Pages & content, Catalogue, Inbound). */
export const siteArea: AreaDeclaration = {
  groups: [{ key: 'website', label: 'Website', order: 10, areas: ['site'] }],
  screens: [
    content('home', {
      label: 'Home banners',
      description: "The hero slides of the website's pages.",
      keywords: ['slides', 'hero'],
      resource: 'site/banners',
      view: pageView(() => import('./page-view')),
    }),
    content('blogs', {
      label: 'Blog posts',
      description: 'Write and publish blog posts, with a preview of how they read.',
      keywords: ['articles', 'news'],
      resource: 'site/blogs',
      view: pageView(() => import('./blog-editor')),
    }),
    content('blogs-category', {
      label: 'Blog categories',
      description: 'How the blog is organised on the website.',
      resource: 'site/blog-categories',
    }),
    content('event', {
      label: 'Events',
      description: 'Exhibitions, launches and dealer meets; photos from past events.',
      resource: 'site/events',
    }),
    content('projects', {
      label: 'Projects',
      description: 'Reference projects: location, gallery and the products used.',
      resource: 'site/projects',
    }),
    content('category', {
      label: 'Categories',
      description: 'Project categories, and the sections the website is organised by.',
      component: () => import('./category-page'),
      records: ['site/project-categories', 'site/categories', 'site/subcategories'].map((resource, i) => ({
        resource,
        href: (id: string) => `${P}/category?${i ? `tab=${['projects', 'website', 'subcategories'][i]}&` : ''}record=${id}`,
      })),
    }),
    content('contact-page', {
      label: 'Contact page',
      description: 'Offices, showrooms and factories shown on the contact page.',
      resource: 'site/contact-details',
    }),
    content('Investor-Relation', {
      label: 'Investor relations',
      description: 'Results, reports and governance documents for investors.',
      resource: 'site/investor-documents',
    }),
    content('Investor-Category-Relation', {
      label: 'Investor categories',
      description: 'Sections of the investor-relations page.',
      resource: 'site/investor-categories',
    }),
    content('Investor-SubCategory-Relation', {
      label: 'Investor subcategories',
      description: 'Each belongs to an investor category.',
      resource: 'site/investor-subcategories',
    }),
    content('Country', {
      label: 'Countries',
      description: 'Countries the website forms and offices use.',
      resource: 'site/countries',
    }),
    content('State', { label: 'States', description: 'Each state belongs to a country.', resource: 'site/states' }),
    content('City', {
      label: 'Cities',
      description: 'Each city belongs to a state; choose the country first.',
      component: () => import('./cities-page'),
      drawer: 'site/cities',
    }),
    catalogue('productDesign', {
      label: 'Product pages',
      description:
        'Products presented on your website (details, images, enquiries), not sold online: the shop sells Shop → Products for sale.',
      keywords: ['products', 'catalogue', 'designs', 'showcase'],
      resource: 'site/products',
      view: pageView(() => import('./product-editor')),
    }),
    catalogue('Product-Categories', {
      label: 'Product categories',
      description: 'The top level of the product catalogue.',
      resource: 'site/product-categories',
    }),
    catalogue('Product-SubCategories', {
      label: 'Product subcategories',
      description: 'Each belongs to a product category.',
      resource: 'site/product-subcategories',
    }),
    catalogue('Catalogue', {
      label: 'Catalogues and documents',
      description: 'Catalogues and documents visitors download from the website.',
      keywords: ['pdf', 'downloads'],
      component: () => import('./catalogue-page'),
      records: [
        { resource: 'site/catalogues', href: recordHref(`${P}/Catalogue`) },
        { resource: 'site/documents', href: (id) => `${P}/Catalogue?tab=documents&record=${id}` },
      ],
    }),
    inbound('getintouch', {
      label: 'Get in touch',
      description: "Messages from the website's get-in-touch form.",
      component: () => import('./get-in-touch-page'),
      drawer: 'site/get-in-touch-messages',
    }),
    inbound('design-enquiry', {
      label: 'Design enquiries',
      description: 'Requests for help from the design team, sent from the website.',
      component: () => import('./design-enquiry-page'),
      drawer: 'site/design-support-requests',
    }),
    inbound('careers', {
      label: 'Job applications',
      description: 'Job applications from the careers page, with their CVs.',
      keywords: ['careers', 'cv', 'jobs'],
      component: () => import('./careers-page'),
      drawer: 'site/career-applications',
    }),
    inbound('event-registration', {
      label: 'Event registrations',
      description: 'Visitors who registered for an event on the website.',
      component: () => import('./event-registrations-page'),
      drawer: 'site/event-registrations',
    }),
    inbound('download-catalogue', {
      label: 'Catalogue downloads',
      description: 'Who left their details to download a catalogue.',
      component: () => import('./catalogue-downloads-page'),
      drawer: 'site/catalogue-downloads',
    }),
    inbound('subscribedusers', {
      label: 'Newsletter subscribers',
      description: 'Visitors who subscribed to the newsletter.',
      keywords: ['subscribed users', 'newsletter'],
      component: () => import('./subscribers-page'),
      drawer: 'site/subscribers',
    }),
    moved('add-banner', { label: 'New banner', description: 'Add a home banner', movedTo: `${BANNERS}?record=new` }),
    moved('edit-banner', { label: 'Edit banner', description: 'Edit a home banner', palette: false, movedTo: BANNERS }),
    moved('Product-addProductDesign', {
      label: 'New product',
      description: 'Add a product with images and variants',
      movedTo: `${PRODUCTS}?record=new`,
    }),
    moved('product-editProductDesign', {
      label: 'Edit product',
      description: 'Edit a product',
      palette: false,
      movedTo: PRODUCTS,
    }),
    moved('blog-management', {
      label: 'New blog post',
      description: 'Write a blog post with a preview',
      movedTo: `${BLOGS}?record=new`,
    }),
  ],
};
