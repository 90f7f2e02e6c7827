import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Scope, scopeOf } from '../auth/context';
import { MAX_LIMIT } from '../resources/list-query';
import type { ListResult, Resource } from '../resources/resource';
import { readAccess } from '../resources/routes';
import type { Row } from '../resources/types';
import { type CsvField, csvFields, toCell } from './csv-fields';
import { RelationTitles } from './relation-titles';

/** "Products 2026-11-23.csv": named after what people call the list. */
export const csvFileName = (resource: Resource, date = new Date()) =>
  `${resource.config.label.plural} ${date.toISOString().slice(0, 10)}.csv`;

/**
 * GET /api/v1/<path>/export.csv?<list parameters>: every readable field of every record the list
 * with these parameters shows (paging parameters aside), streamed page by page in the list's order.
 * `x-total-count` carries the list's total (see totalIsEstimate) for the console's progress.
 */
export function registerCsvExport(app: FastifyInstance, resource: Resource) {
  const label = resource.config.label;
  app.withTypeProvider<ZodTypeProvider>().get(
    `/api/v1/${resource.path}/export.csv`,
    {
      config: { access: readAccess(resource) },
      schema: {
        summary: `Export ${label.plural.toLowerCase()} as CSV`,
        description: 'Relations by title, dates in ISO 8601, images by URL, lists joined with "; ", nested rows as JSON.',
        tags: [resource.path.split('/')[0]],
        querystring: resource.listQuery,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const scope = scopeOf(app.db, req.auth!);
      const { limit: _l, offset: _o, cursor: _c, withTotal: _w, ...filters } = req.query as Record<string, unknown>;
      const fields = csvFields(resource);
      const titles = new RelationTitles(app.resources, scope);
      // The first page before any byte is sent: a refused filter is still a 400.
      const first = await page(resource, scope, filters, undefined, 'true');
      const pages = async function* () {
        yield `\ufeff${stringify([fields.map((f) => f.label)], { record_delimiter: 'windows' })}`;
        let current: ListResult | null = first;
        while (current) {
          yield await lines(app, scope, fields, titles, current.data);
          current = current.nextCursor ? await page(resource, scope, filters, current.nextCursor, 'false') : null;
        }
      };
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(csvFileName(resource))}`)
        .header('cache-control', 'no-store')
        .header('x-total-count', String(first.total ?? ''))
        .send(Readable.from(pages()));
    },
  );
}

function page(resource: Resource, scope: Scope, filters: Record<string, unknown>, cursor: string | undefined, withTotal: 'true' | 'false') {
  return resource.list(scope, { ...filters, limit: MAX_LIMIT, offset: 0, cursor, withTotal });
}

async function lines(app: FastifyInstance, scope: Scope, fields: CsvField[], titles: RelationTitles, rows: Row[]): Promise<string> {
  const related = new Map<string, Map<string, string>>();
  await app.db.readAsTenant(scope.tenantId, async (db) => {
    for (const field of fields) {
      if (!field.ref) continue;
      const ids = rows.flatMap((row) => {
        const v = row[field.key];
        return Array.isArray(v) ? (v as string[]) : v ? [String(v)] : [];
      });
      related.set(field.key, await titles.load(db, field.ref, ids));
    }
  });
  return stringify(
    rows.map((row) => fields.map((f) => toCell(f, row[f.key], related.get(f.key)))),
    { record_delimiter: 'windows' },
  );
}
