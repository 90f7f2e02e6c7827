import type { Screen } from '../../config/screens';
import { SITE_PATHS } from './paths';

const P = '/admin-panel';

const screen = (path: string, label: string, description: string, nav = true): Screen => ({
  path: `${P}/${path}`,
  label,
  area: 'content',
  modules: ['site'],
  description,
  nav,
});

/** The website-content screens for the navigation, the command palette and the control-center hub. */
export const SITE_SCREENS: Screen[] = [
  screen('home', 'Home banners', "The hero slides of the website's pages"),
  screen('productDesign', 'Products', 'Product catalogue: details, images and variants'),
  screen('Product-Categories', 'Product categories', 'Top level of the product catalogue'),
  screen('Product-SubCategories', 'Product subcategories', 'Subcategories of the product categories'),
  screen('projects', 'Projects', 'Reference projects with gallery and products used'),
  screen('category', 'Categories', 'Project categories and website categories'),
  screen('blogs', 'Blog posts', 'Write and publish blog posts'),
  screen('blogs-category', 'Blog categories', 'How the blog is organised'),
  screen('event', 'Events', 'Exhibitions, launches and dealer meets'),
  screen('Catalogue', 'Catalogues and documents', 'PDF catalogues and downloadable documents'),
  screen('Investor-Relation', 'Investor relations', 'Documents for investors'),
  screen('Investor-Category-Relation', 'Investor categories', 'Sections of the investor-relations page'),
  screen('Investor-SubCategory-Relation', 'Investor subcategories', 'Subsections of the investor-relations page'),
  screen('contact-page', 'Contact page', 'Offices, showrooms and factories'),
  screen('Country', 'Countries', 'Countries of the website forms'),
  screen('State', 'States', 'States of each country'),
  screen('City', 'Cities', 'Cities of each state'),
  screen('getintouch', 'Get in touch', 'Messages from the website'),
  screen('design-enquiry', 'Design enquiries', 'Requests for the design team'),
  screen('careers', 'Careers', 'Job applications with CVs'),
  screen('event-registration', 'Event registrations', 'Who registered for an event'),
  screen('download-catalogue', 'Catalogue downloads', 'Who downloaded a catalogue'),
  screen('subscribedusers', 'Subscribed users', 'Newsletter subscribers'),
  // Editors reached from the lists (in the palette, not repeated in the navigation).
  screen('add-banner', 'New banner', 'Add a home banner', false),
  screen('edit-banner', 'Edit banner', 'Edit a home banner (?id=)', false),
  screen('Product-addProductDesign', 'New product', 'Add a product with images and variants', false),
  screen('product-editProductDesign', 'Edit product', 'Edit a product (?id=)', false),
  screen('blog-management', 'Blog editor', 'Write a blog post with a preview', false),
];

/** Which screen edits a site resource's records (the command palette's record results). */
export const SITE_RESOURCE_SCREENS: Record<string, string> = {
  'site/banners': SITE_PATHS.banners,
  'site/products': SITE_PATHS.products,
  'site/blogs': SITE_PATHS.blogs,
  'site/blog-categories': `${P}/blogs-category`,
  'site/projects': `${P}/projects`,
  'site/project-categories': `${P}/category`,
  'site/events': `${P}/event`,
  'site/catalogues': `${P}/Catalogue`,
  'site/product-categories': `${P}/Product-Categories`,
  'site/product-subcategories': `${P}/Product-SubCategories`,
  'site/investor-documents': `${P}/Investor-Relation`,
  'site/investor-categories': `${P}/Investor-Category-Relation`,
  'site/investor-subcategories': `${P}/Investor-SubCategory-Relation`,
  'site/countries': `${P}/Country`,
  'site/states': `${P}/State`,
  'site/cities': `${P}/City`,
  'site/contact-details': `${P}/contact-page`,
  'site/get-in-touch-messages': `${P}/getintouch`,
  'site/design-support-requests': `${P}/design-enquiry`,
  'site/career-applications': `${P}/careers`,
  'site/event-registrations': `${P}/event-registration`,
  'site/catalogue-downloads': `${P}/download-catalogue`,
  'site/subscribers': `${P}/subscribedusers`,
};
