import type { AppModule } from '../../../kernel/resources';

/** The catalogue half of the shop: settings, tax rates, categories, tags, attributes, products, variations. */
export const catalogue: Pick<AppModule, 'resources' | 'compat' | 'routes' | 'seed'> = {
  resources: [],
  compat: [],
};
