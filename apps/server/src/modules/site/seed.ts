import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Resource, type Scope, tenantFilter } from '../../kernel/resources';
import { blogCategoriesResource } from './resources/blog-categories';
import { blogsResource } from './resources/blogs';
import { catalogueDownloadsResource } from './resources/catalogue-downloads';
import { cataloguesResource } from './resources/catalogues';
import { categoriesResource } from './resources/categories';
import { citiesResource } from './resources/cities';
import { countriesResource } from './resources/countries';
import { documentsResource } from './resources/documents';
import { eventRegistrationsResource } from './resources/event-registrations';
import { eventsResource, SAMPLE_EXPO } from './resources/events';
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
import { materialiseSampleMedia } from './services/sample-media';

/** The records of a resource by their title field (the examples just seeded). */
async function byTitle(scope: Scope, resource: Resource, field: string): Promise<Map<string, string>> {
  const { data } = await resource.list(scope, { limit: 200, offset: 0, withTotal: 'false' });
  return new Map(data.map((r) => [String(r[field]), r.id]));
}

/**
 * Gives the demo community's examples real pictures and documents, then wires them together (they
 * are created without relations): categories to subcategories and products, products to projects
 * and documents, countries to states to cities.
 */
export async function seedSite(app: FastifyInstance, scope: Scope): Promise<void> {
  await materialiseSampleMedia(
    app,
    scope,
    app.resources.all().filter((r) => r.module === 'site'),
  );
  const link = async (
    child: Resource,
    childField: string,
    parent: Resource,
    parentField: string,
    pairs: Record<string, Record<string, string | string[]>>,
  ) => {
    const children = await byTitle(scope, child, childField);
    const parents = await byTitle(scope, parent, parentField);
    for (const [childTitle, patch] of Object.entries(pairs)) {
      const id = children.get(childTitle);
      if (!id) continue;
      const resolved: Record<string, unknown> = {};
      for (const [field, target] of Object.entries(patch)) {
        resolved[field] = Array.isArray(target) ? target.map((t) => parents.get(t)).filter(Boolean) : (parents.get(target) ?? null);
      }
      if (Object.keys(resolved).every((k) => child.schemas.editable.includes(k))) await child.update(scope, id, resolved);
      // A record kept as it was sent (a visitor's download, a registration) is wired as if it had been
      // sent so: by the seed, not as a change through the API (which refuses it).
      else
        await scope.db.withTenant(scope.tenantId, (tx) =>
          tx
            .update(child.table)
            .set(resolved)
            .where(and(tenantFilter(child.table, scope.tenantId), eq(child.table.id, id))),
        );
    }
  };

  await link(subcategoriesResource, 'name', categoriesResource, 'name', {
    'Living rooms': { categoryId: 'Flooring' },
    Bathrooms: { categoryId: 'Flooring' },
    'Ventilated façades': { categoryId: 'Walls and façades' },
  });
  await link(blogsResource, 'title', blogCategoriesResource, 'name', {
    'Choosing floor tiles for humid climates': { categoryId: 'Design ideas' },
    'How to install WPC wall cladding': { categoryId: 'Installation guides' },
    'Our new factory in Chennai': { categoryId: 'Company news' },
  });
  await link(productSubcategoriesResource, 'name', productCategoriesResource, 'name', {
    'Floor tiles': { categoryId: 'Porcelain tiles' },
    'Large-format slabs': { categoryId: 'Porcelain tiles' },
    'Exterior cladding': { categoryId: 'WPC cladding' },
    'Interior panels': { categoryId: 'WPC cladding' },
  });
  // The subcategory brings its category along.
  await link(productsResource, 'name', productSubcategoriesResource, 'name', {
    'Carrara Matt 600 × 600': { subcategoryId: 'Floor tiles' },
    'Terra Slab 1200 × 2400': { subcategoryId: 'Large-format slabs' },
    'Exterior WPC Cladding 150 mm': { subcategoryId: 'Exterior cladding' },
    'Fluted Interior Panel': { subcategoryId: 'Interior panels' },
  });
  await link(projectsResource, 'title', projectCategoriesResource, 'name', {
    'Marina Bay Residences': { categoryId: 'Residential' },
    'The Palms Resort, Goa': { categoryId: 'Hospitality' },
    'Tech Park Phase 2': { categoryId: 'Commercial' },
  });
  await link(projectsResource, 'title', productsResource, 'name', {
    'Marina Bay Residences': { productIds: ['Carrara Matt 600 × 600', 'Exterior WPC Cladding 150 mm'] },
    'The Palms Resort, Goa': { productIds: ['Terra Slab 1200 × 2400'] },
  });
  await link(documentsResource, 'title', productsResource, 'name', {
    'Porcelain tile installation guide': { productId: 'Carrara Matt 600 × 600' },
  });
  await link(statesResource, 'name', countriesResource, 'name', {
    Maharashtra: { countryId: 'India' },
    Karnataka: { countryId: 'India' },
    'Tamil Nadu': { countryId: 'India' },
  });
  await link(citiesResource, 'name', statesResource, 'name', {
    Mumbai: { stateId: 'Maharashtra' },
    Pune: { stateId: 'Maharashtra' },
    Bengaluru: { stateId: 'Karnataka' },
    Chennai: { stateId: 'Tamil Nadu' },
  });
  await link(investorSubcategoriesResource, 'name', investorCategoriesResource, 'name', {
    'Quarterly results': { categoryId: 'Financial results' },
    'Shareholding pattern': { categoryId: 'Financial results' },
    'Board committees': { categoryId: 'Corporate governance' },
  });
  await link(investorDocumentsResource, 'title', investorSubcategoriesResource, 'name', {
    'Results for the quarter ended 30 June 2025': { subcategoryId: 'Quarterly results' },
  });
  await link(investorDocumentsResource, 'title', investorCategoriesResource, 'name', {
    'Annual report 2024-25': { categoryId: 'Annual reports' },
  });
  await link(catalogueDownloadsResource, 'name', cataloguesResource, 'title', {
    'Nikhil Shah': { catalogueId: 'Product catalogue 2025' },
    'Priti Rao': { catalogueId: 'Product catalogue 2025' },
  });
  await link(eventRegistrationsResource, 'name', eventsResource, 'title', {
    'Arjun Pillai': { eventId: SAMPLE_EXPO },
    'Meera Iyer': { eventId: SAMPLE_EXPO },
  });
}
