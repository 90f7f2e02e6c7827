import {
  type AreaDeclaration,
  drawerRecord,
  editorRecord,
  fromEntry,
  type LazyComponent,
  type Screen,
  type ScreenEntry,
} from '../../config/screen-types';
import { SITE_PATHS } from './paths';

const P = '/admin-panel';
const plain: LazyComponent = () => import('./plain-screen');

type Entry = Omit<ScreenEntry, 'path'>;

/** A website screen in a section of the Website menu; records open in the list's drawer unless told otherwise. */
function site(section: string, path: string, entry: Entry): Screen {
  const full = `${P}/${path}`;
  const component = entry.component ?? (entry.resource ? plain : undefined);
  return {
    group: 'website',
    section,
    modules: ['site'],
    nav: true,
    records: entry.resource ? [{ resource: entry.resource, href: drawerRecord(full) }] : undefined,
    ...fromEntry({ path: full, ...entry }),
    component,
  };
}

const content = (path: string, entry: Entry) => site('Pages & content', path, entry);
const catalogue = (path: string, entry: Entry) => site('Catalogue', path, entry);
const inbound = (path: string, entry: Entry) => site('Inbound', path, { keywords: ['messages', 'leads'], ...entry });
/** An editor reached from a list: in the palette, not in the navigation. */
const editor = (path: string, entry: Entry) => site('Editors', path, { nav: false, ...entry });

/** The website's screens (Website → Pages & content, Catalogue, Inbound). */
export const siteArea: AreaDeclaration = {
  groups: [{ key: 'website', label: 'Website', order: 10, areas: ['site'] }],
  screens: [
    content('home', {
      label: 'Home banners',
      description: "The hero slides of the website's pages.",
      keywords: ['slides', 'hero'],
      component: () => import('./banners-page'),
      records: [{ resource: 'site/banners', href: editorRecord(SITE_PATHS.editBanner) }],
    }),
    content('blogs', {
      label: 'Blog posts',
      description: 'Write and publish blog posts, with a preview of how they read.',
      keywords: ['articles', 'news'],
      component: () => import('./blogs-page'),
      records: [{ resource: 'site/blogs', href: editorRecord(SITE_PATHS.blogEditor) }],
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
      component: () => import('./products-page'),
      records: [{ resource: 'site/products', href: editorRecord(SITE_PATHS.editProduct) }],
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
        { resource: 'site/catalogues', href: drawerRecord(`${P}/Catalogue`) },
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
    editor('add-banner', { label: 'New banner', description: 'Add a home banner', component: () => import('./banner-add-page') }),
    editor('edit-banner', {
      label: 'Edit banner',
      description: 'Edit a home banner',
      palette: false,
      component: () => import('./banner-edit-page'),
    }),
    editor('Product-addProductDesign', {
      label: 'New product',
      description: 'Add a product with images and variants',
      component: () => import('./product-add-page'),
    }),
    editor('product-editProductDesign', {
      label: 'Edit product',
      description: 'Edit a product',
      palette: false,
      component: () => import('./product-edit-page'),
    }),
    editor('blog-management', {
      label: 'New blog post',
      description: 'Write a blog post with a preview',
      component: () => import('./blog-editor-page'),
    }),
  ],
};
