import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

type Lazy = (load: () => Promise<{ default: ComponentType }>) => RouteObject['lazy'];

/** The website-content routes (children of /admin-panel), each screen its own lazy chunk. */
export const siteRoutes = (screen: Lazy): RouteObject[] => [
  { path: 'home', lazy: screen(() => import('./banners-page')) },
  { path: 'add-banner', lazy: screen(() => import('./banner-add-page')) },
  { path: 'edit-banner', lazy: screen(() => import('./banner-edit-page')) },
  { path: 'productDesign', lazy: screen(() => import('./products-page')) },
  { path: 'Product-addProductDesign', lazy: screen(() => import('./product-add-page')) },
  { path: 'product-editProductDesign', lazy: screen(() => import('./product-edit-page')) },
  { path: 'Product-Categories', lazy: screen(() => import('./product-categories-page')) },
  { path: 'Product-SubCategories', lazy: screen(() => import('./product-subcategories-page')) },
  { path: 'projects', lazy: screen(() => import('./projects-page')) },
  { path: 'category', lazy: screen(() => import('./category-page')) },
  { path: 'blogs', lazy: screen(() => import('./blogs-page')) },
  { path: 'blog-management', lazy: screen(() => import('./blog-editor-page')) },
  { path: 'blogs-category', lazy: screen(() => import('./blog-categories-page')) },
  { path: 'event', lazy: screen(() => import('./events-page')) },
  { path: 'Catalogue', lazy: screen(() => import('./catalogue-page')) },
  { path: 'Investor-Relation', lazy: screen(() => import('./investor-documents-page')) },
  { path: 'Investor-Category-Relation', lazy: screen(() => import('./investor-categories-page')) },
  { path: 'Investor-SubCategory-Relation', lazy: screen(() => import('./investor-subcategories-page')) },
  { path: 'contact-page', lazy: screen(() => import('./contact-page')) },
  { path: 'Country', lazy: screen(() => import('./countries-page')) },
  { path: 'State', lazy: screen(() => import('./states-page')) },
  { path: 'City', lazy: screen(() => import('./cities-page')) },
  { path: 'getintouch', lazy: screen(() => import('./get-in-touch-page')) },
  { path: 'design-enquiry', lazy: screen(() => import('./design-enquiry-page')) },
  { path: 'careers', lazy: screen(() => import('./careers-page')) },
  { path: 'event-registration', lazy: screen(() => import('./event-registrations-page')) },
  { path: 'download-catalogue', lazy: screen(() => import('./catalogue-downloads-page')) },
  { path: 'subscribedusers', lazy: screen(() => import('./subscribers-page')) },
];

/** Every path above, absolute (for REGISTERED_PATHS and the e2e route check). */
export const SITE_ROUTE_PATHS = siteRoutes(() => undefined).map((r) => `/admin-panel/${r.path}`);
