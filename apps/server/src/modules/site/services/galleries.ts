import { and, inArray } from 'drizzle-orm';
import { type Db, type Resource, type Scope, tenantFilter } from '../../../kernel/resources';
import { eventsResource } from '../resources/events';
import { projectsResource } from '../resources/projects';
import type { Image } from '../schemas';
import { siteProducts } from '../tables';
import { visible } from './visibility';

/** Appends images to a record's image list (a project's gallery, an event's past photos). */
async function append(scope: Scope, resource: Resource, id: string, field: 'images' | 'pastImages', images: Image[]) {
  return scope.db.withTenant(scope.tenantId, async (tx) => {
    const current = await resource.getIn(tx, scope, id, true);
    const existing = (current[field] as Image[] | null) ?? [];
    const known = new Set(existing.map((i) => i.url));
    return resource.updateIn(tx, scope, id, { [field]: [...existing, ...images.filter((i) => !known.has(i.url))] });
  });
}

export const addProjectImages = (scope: Scope, id: string, images: Image[]) => append(scope, projectsResource, id, 'images', images);
export const addEventPastImages = (scope: Scope, id: string, images: Image[]) => append(scope, eventsResource, id, 'pastImages', images);

/** Links products to a project (kept once each, in the order given); the kernel checks they exist. */
export function addProjectProducts(scope: Scope, id: string, productIds: string[], replace = false) {
  return scope.db.withTenant(scope.tenantId, async (tx) => {
    const current = await projectsResource.getIn(tx, scope, id, true);
    const ids = replace ? productIds : [...((current.productIds as string[]) ?? []), ...productIds];
    const updated = await projectsResource.updateIn(tx, scope, id, { productIds: ids });
    return withProducts(tx, scope, updated, false);
  });
}

/** A project with its products as { id, code, name, slug, image } (the website sees published ones only). */
export async function withProducts(tx: Db, scope: Pick<Scope, 'tenantId'>, project: Record<string, unknown>, publishedOnly: boolean) {
  const ids = (project.productIds as string[]) ?? [];
  if (ids.length === 0) return { ...project, products: [] };
  const rows = await tx
    .select({
      id: siteProducts.id,
      code: siteProducts.code,
      name: siteProducts.name,
      slug: siteProducts.slug,
      images: siteProducts.images,
      status: siteProducts.status,
    })
    .from(siteProducts)
    .where(
      and(tenantFilter(siteProducts, scope.tenantId), inArray(siteProducts.id, ids), publishedOnly ? visible(siteProducts) : undefined),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const products = ids
    .map((pid) => byId.get(pid))
    .filter((p) => p !== undefined)
    .map(({ images, status, ...p }) => ({ ...p, ...(publishedOnly ? {} : { status }), image: images[0] ?? null }));
  return { ...project, products };
}

export function projectWithProducts(scope: Scope, id: string) {
  return scope.db.withTenant(scope.tenantId, async (tx) => withProducts(tx, scope, await projectsResource.getIn(tx, scope, id), false));
}
