import type { ModulePart } from '../../../kernel/resources';
import { catalogueCompat } from './compat';
import { attributesResource, attributeValuesResource } from './resources/attributes';
import { bannersResource } from './resources/banners';
import { categoriesResource } from './resources/categories';
import { productsResource } from './resources/products';
import { shopSettingsResource } from './resources/settings';
import { tagsResource } from './resources/tags';
import { taxRatesResource } from './resources/tax-rates';
import { variationsResource } from './resources/variations';
import { catalogueRoutes } from './routes';
import { seedCatalogue } from './seed';

/** The catalogue half of the shop: settings, tax rates, categories, tags, attributes, products, variations, banners. */
export const catalogue: ModulePart = {
  // Parents before children: examples are seeded in this order.
  resources: [
    shopSettingsResource,
    taxRatesResource,
    categoriesResource,
    tagsResource,
    attributesResource,
    attributeValuesResource,
    productsResource,
    variationsResource,
    bannersResource,
  ],
  compat: catalogueCompat,
  routes: catalogueRoutes,
  seed: seedCatalogue,
};
