import { parse } from 'csv-parse/sync';
import { expect, vi } from 'vitest';
import { multipart, type TestApp, type TestCommunity } from './helpers';

/** GET …/export.csv as rows of cells (header first). */
export async function exportCsv(t: TestApp, as: TestCommunity, path: string, query: Record<string, string> = {}) {
  const res = await t.request({ method: 'GET', url: `/api/v1/${path}/export.csv`, query, as });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return { res, text: res.body, rows: parse(res.body, { bom: true }) as string[][] };
}

/** POST …/import with a CSV file. */
export function postImport(
  t: TestApp,
  as: TestCommunity,
  path: string,
  csv: string,
  fields: { mode?: 'preview' | 'run'; mapping?: Record<string, string>; key?: string } = {},
) {
  const parts = [
    { field: 'mode', data: fields.mode ?? 'preview' },
    ...(fields.mapping ? [{ field: 'mapping', data: JSON.stringify(fields.mapping) }] : []),
    ...(fields.key !== undefined ? [{ field: 'key', data: fields.key }] : []),
    { field: 'file', filename: 'upload.csv', type: 'text/csv', data: csv },
  ];
  const body = multipart(parts);
  return t.request({ method: 'POST', url: `/api/v1/${path}/import`, as, ...body });
}

export interface ImportJob {
  id: string;
  status: string;
  totalRows: number;
  processed: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  errors: { row: number; message: string; fields?: Record<string, string> }[];
  message: string | null;
}

/** Runs an import and waits (polling its progress, as the console does) until the job ends. */
export async function runImport(
  t: TestApp,
  as: TestCommunity,
  path: string,
  csv: string,
  fields: { mapping?: Record<string, string>; key?: string } = {},
): Promise<ImportJob> {
  const started = await postImport(t, as, path, csv, { ...fields, mode: 'run' });
  expect(started.statusCode, started.body).toBe(202);
  const id = started.json().data.id as string;
  return vi.waitFor(
    async () => {
      const res = await t.request({ method: 'GET', url: `/api/v1/${path}/import/${id}`, as });
      expect(res.statusCode, res.body).toBe(200);
      const job = res.json().data as ImportJob;
      expect(['done', 'failed'], `import ${job.status}`).toContain(job.status);
      return job;
    },
    { timeout: 20_000, interval: 20 },
  );
}
