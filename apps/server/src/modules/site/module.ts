import { defineModule } from '../../kernel/resources';
import { siteCompat } from './compat';
import { siteContactSources } from './contact-sources';
import { bannersResource } from './resources/banners';
import { blogCategoriesResource } from './resources/blog-categories';
import { blogsResource } from './resources/blogs';
import { careerApplicationsResource } from './resources/career-applications';
import { catalogueDownloadsResource } from './resources/catalogue-downloads';
import { cataloguesResource } from './resources/catalogues';
import { categoriesResource } from './resources/categories';
import { citiesResource } from './resources/cities';
import { contactDetailsResource } from './resources/contact-details';
import { countriesResource } from './resources/countries';
import { designSupportResource } from './resources/design-support-requests';
import { documentsResource } from './resources/documents';
import { eventRegistrationsResource } from './resources/event-registrations';
import { eventsResource } from './resources/events';
import { getInTouchResource } from './resources/get-in-touch-messages';
import { investorCategoriesResource } from './resources/investor-categories';
import { investorDocumentsResource } from './resources/investor-documents';
import { investorSubcategoriesResource } from './resources/investor-subcategories';
import { productCategoriesResource } from './resources/product-categories';
import { productSubcategoriesResource } from './resources/product-subcategories';
import { productsResource } from './resources/products';
import { projectCategoriesResource } from './resources/project-categories';
import { projectsResource } from './resources/projects';
import { statesResource } from './resources/states';
import { subcategoriesResource } from './resources/subcategories';
import { subscribersResource } from './resources/subscribers';
import { siteRoutes } from './routes';
import { seedSite } from './seed';
import { sitePublicForms } from './services/forms';

/**
 * Website content of a building-products manufacturer: banners, blogs, catalogues, products,
 * projects, documents, events, offices, investor relations, geography masters; the inbound lists the
 * website's forms fill; the public website endpoints.
 */
export const siteModule = defineModule({
  key: 'site',
  label: 'Website content',
  area: 'site',
  contributes: { contactSources: siteContactSources },
  permissionModules: [{ key: 'site', label: 'Website content', starter: 'content' }],
  // Parents before children: the seed's examples are created in this order.
  resources: [
    bannersResource,
    blogCategoriesResource,
    blogsResource,
    cataloguesResource,
    categoriesResource,
    subcategoriesResource,
    productCategoriesResource,
    productSubcategoriesResource,
    productsResource,
    projectCategoriesResource,
    projectsResource,
    documentsResource,
    eventsResource,
    eventRegistrationsResource,
    countriesResource,
    statesResource,
    citiesResource,
    contactDetailsResource,
    investorCategoriesResource,
    investorSubcategoriesResource,
    investorDocumentsResource,
    getInTouchResource,
    designSupportResource,
    careerApplicationsResource,
    catalogueDownloadsResource,
    subscribersResource,
  ],
  publicForms: sitePublicForms,
  routes: siteRoutes,
  compat: siteCompat,
  seed: seedSite,
});
