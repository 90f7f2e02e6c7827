import { parse } from 'csv-parse/sync';
import { expect, vi } from 'vitest';
import { multipart, type TestApp, type TestCommunity } from './helpers';

/** GET …/export.csv as rows of cells (header first). */
export async function exportCsv(t: TestApp, as: TestCommunity, path: string, query: Record<string, string> = {}) {
  const res = await t.request({ method: 'GET', url: `/api/v1/${path}/export.csv`, query, as });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return { res, text: res.body, rows: parse(res.body, { bom: true }) as string[][] };
}

/** The form fields of POST …/import (besides the file). */
export interface ImportFields {
  mode?: 'preview' | 'run';
  mapping?: Record<string, string>;
  key?: string;
  options?: unknown;
  /** The id of an earlier upload (a preview's), instead of a file. */
  upload?: string;
  filename?: string;
}

/** POST …/import with a file (CSV, or XLSX: the server tells them apart by their bytes), or with an earlier upload's id. */
export function postImport(t: TestApp, as: TestCommunity, path: string, file: string | Buffer | undefined, fields: ImportFields = {}) {
  const body = multipart([
    { field: 'mode', data: fields.mode ?? 'preview' },
    ...(fields.upload ? [{ field: 'upload', data: fields.upload }] : []),
    ...(fields.mapping ? [{ field: 'mapping', data: JSON.stringify(fields.mapping) }] : []),
    ...(fields.options ? [{ field: 'options', data: JSON.stringify(fields.options) }] : []),
    ...(fields.key !== undefined ? [{ field: 'key', data: fields.key }] : []),
    ...(file !== undefined ? [{ field: 'file', filename: fields.filename ?? 'upload.csv', type: 'text/csv', data: file }] : []),
  ]);
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

/** Polls an import's progress (as the console does) until its job ends. */
export function importFinished(t: TestApp, as: TestCommunity, path: string, id: string, timeout = 20_000): Promise<ImportJob> {
  return vi.waitFor(
    async () => {
      const res = await t.request({ method: 'GET', url: `/api/v1/${path}/import/${id}`, as });
      expect(res.statusCode, res.body).toBe(200);
      const job = res.json().data as ImportJob;
      expect(['done', 'failed'], `import ${job.status}`).toContain(job.status);
      return job;
    },
    { timeout, interval: 50 },
  );
}

/** Waits for an ended import's last step, after its status: its file deleted and its storage key forgotten. */
export function importFileReleased(t: TestApp, id: string): Promise<void> {
  return vi.waitFor(
    async () => {
      const rows = await t.app.db.query<{ storage_key: string | null }>('select storage_key from import_jobs where id = $1', [id]);
      expect(rows).toHaveLength(1);
      expect(rows[0].storage_key).toBeNull();
    },
    { timeout: 10_000, interval: 20 },
  );
}

/** Runs an import and waits until its job ends. */
export async function runImport(
  t: TestApp,
  as: TestCommunity,
  path: string,
  file: string | Buffer,
  fields: Omit<ImportFields, 'mode' | 'upload'> = {},
  timeout?: number,
): Promise<ImportJob> {
  const started = await postImport(t, as, path, file, { ...fields, mode: 'run' });
  expect(started.statusCode, started.body).toBe(202);
  return importFinished(t, as, path, started.json().data.id as string, timeout);
}
