import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../../kernel/documents';
import { type Db, idParams, type Scope, tenantRoutes } from '../../../kernel/resources';
import { catalogueImportInput, exportCatalogue, importCatalogue } from './catalogue-csv';
import { attributeValuesResource } from './resources/attributes';
import { variationsResource } from './resources/variations';
import { addAttributeValues, attributesWithValues, attributeValueInput } from './services/attribute-values';
import { categoryTree } from './services/categories';
import {
  generateInput,
  generateVariations,
  gridSaveInput,
  insertVariations,
  productOf,
  saveVariationGrid,
  variationInput,
  variationsOf,
} from './services/variations';

const tags = ['commerce'];
const read = { access: 'commerce-catalogue:read' } as const;
const write = { access: 'commerce-catalogue:write' } as const;

/** A category with its product counts and its children (each of the same shape; described one level deep for OpenAPI). */
const detailedCategory = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    parentId: z.string().nullable(),
    productCount: z.number(),
    totalProductCount: z.number(),
    children: z.array(z.record(z.string(), z.unknown())).describe('Subcategories, each a category of this shape'),
  })
  .passthrough();

/** The catalogue's routes beyond CRUD: the category tree, attribute values, a product's variations. */
export async function catalogueRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { inTx } = tenantRoutes(app);
  // The records' runtime schemas (derived from the tables), typed loosely for the handlers.
  const variation = variationsResource.schemas.record;
  const attributeValue = attributeValuesResource.schemas.record;
  const variationList = z.object({ data: z.array(variation) });
  /** Adds records under a parent (an attribute's values, a product's variations): one input, or several as `several`; 201. */
  const addSeveralRoute = <I extends z.ZodType>(route: {
    path: string;
    summary: string;
    input: I;
    several: string;
    max: number;
    response: z.ZodType;
    add: (tx: Db, s: Scope, parentId: string, inputs: z.infer<I>[]) => Promise<unknown>;
  }) => {
    const body = z.union([route.input, z.object({ [route.several]: z.array(route.input).min(1).max(route.max) }).strict()]);
    r.post(
      route.path,
      { config: write, schema: { tags, summary: route.summary, params: idParams, body, response: { 201: route.response } } },
      async (req, reply) => {
        const given = req.body as Record<string, unknown>;
        const inputs = (route.several in given ? given[route.several] : [given]) as z.infer<I>[];
        return reply.code(201).send({ data: await inTx(req, (tx, s) => route.add(tx, s, req.params.id, inputs)) });
      },
    );
  };

  r.get(
    '/api/v1/commerce/categories/tree',
    {
      config: read,
      schema: {
        tags,
        summary: 'Categories as a tree, with their product counts (direct and including subcategories)',
        querystring: z.object({ rootId: z.uuid().optional() }).strict(),
        response: { 200: z.object({ data: z.array(detailedCategory) }) },
      },
    },
    async (req) => {
      return { data: await inTx(req, (tx, s) => categoryTree(tx, s, req.query.rootId)) };
    },
  );

  r.get(
    '/api/v1/commerce/attributes/with-values',
    {
      config: read,
      schema: {
        tags,
        summary: 'Every attribute with its values, in order',
        response: {
          200: z.object({ data: z.array(z.object({ id: z.string(), name: z.string(), values: z.array(attributeValue) }).passthrough()) }),
        },
      },
    },
    async (req) => {
      return { data: await inTx(req, (tx, s) => attributesWithValues(tx, s)) };
    },
  );

  addSeveralRoute({
    path: '/api/v1/commerce/attributes/:id/values',
    summary: 'Add values to an attribute (one, or several as `values`)',
    input: attributeValueInput,
    several: 'values',
    max: 200,
    response: z.object({ data: z.array(attributeValue) }),
    add: addAttributeValues,
  });

  r.get(
    '/api/v1/commerce/catalogue/export.csv',
    {
      config: read,
      schema: {
        tags,
        summary:
          'The catalogue as CSV: one row per variation with SKU, price and stock (amounts in the currency’s units), ratings in stars',
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const csv = await inTx(req, (tx, s) => exportCatalogue(tx, s));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(`Catalogue ${new Date().toISOString().slice(0, 10)}.csv`))
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
  r.post(
    '/api/v1/commerce/catalogue/import',
    {
      config: write,
      bodyLimit: 12 * 1024 * 1024,
      schema: {
        tags,
        summary:
          'Update prices, compare-at prices and stock from the catalogue CSV (rows found by SKU; every row checked first, nothing changes when one is wrong)',
        body: catalogueImportInput,
      },
    },
    async (req) => ({ data: await inTx(req, (tx, s) => importCatalogue(tx, s, req.body.csv)) }),
  );

  r.get(
    '/api/v1/commerce/products/:id/variations',
    {
      config: read,
      schema: { tags, summary: 'Every variation of a product, in order (up to 1,000)', params: idParams, response: { 200: variationList } },
    },
    async (req) => {
      return {
        data: await inTx(req, async (tx, s) => {
          await productOf(tx, s, req.params.id);
          return variationsOf(tx, s, req.params.id);
        }),
      };
    },
  );

  addSeveralRoute({
    path: '/api/v1/commerce/products/:id/variations',
    summary: 'Add variations to a product (one, or several as `variations`)',
    input: variationInput,
    several: 'variations',
    max: 1000,
    response: variationList,
    add: insertVariations,
  });

  r.post(
    '/api/v1/commerce/products/:id/variations/generate',
    {
      config: write,
      schema: {
        tags,
        summary: 'Make a variation for every combination of the chosen attribute values (Colour × Size), keeping existing ones',
        description: 'At most 1,000 combinations; a default variation without values is replaced.',
        params: idParams,
        body: generateInput,
        response: {
          200: z.object({
            data: z.object({ created: z.number(), kept: z.number(), removedDefault: z.boolean(), variations: z.array(variation) }),
          }),
        },
      },
    },
    async (req) => {
      return { data: await inTx(req, (tx, s) => generateVariations(tx, s, req.params.id, req.body)) };
    },
  );

  r.patch(
    '/api/v1/commerce/products/:id/variations',
    {
      config: write,
      schema: {
        tags,
        summary:
          "Save a product's variations grid: generate combinations and change price, stock and SKU of many variations, each its own values",
        description:
          'All or nothing in one transaction: `generate` first (as POST …/variations/generate), then the edits, up to 1,000 rows in one ' +
          'statement, one audit entry on the product. An edit names its variation by `id`, or by `attributeValueIds` when it is one ' +
          'this save generates. Answers every variation of the product as saved.',
        params: idParams,
        body: gridSaveInput,
        response: {
          200: z.object({ data: z.object({ created: z.number(), updated: z.number(), variations: z.array(variation) }) }),
        },
      },
    },
    async (req) => {
      return { data: await inTx(req, (tx, s) => saveVariationGrid(tx, s, req.params.id, req.body)) };
    },
  );
}
