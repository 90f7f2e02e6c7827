import { useQuery } from '@tanstack/react-query';
import { request } from '../api/client';
import type { components } from '../api/schema';

/** POST /api/v1/<path>/import with mode=preview: the suggested mapping and the first rows checked (server: kernel/lists/import-schemas.ts). */
export type ImportPreview = components['schemas']['ImportPreview'];

/** An import job: the answer of a run and its progress. */
export type ImportJob = components['schemas']['ImportJob'];

export interface ImportChoice {
  mapping?: Record<string, string>;
  /** '' = no dedupe key. */
  key?: string;
  /** The list's own import choices (e.g. a contacts import's merge rules), sent as JSON. */
  options?: Record<string, unknown>;
}

/** What an import reads: a file just picked (sent once, stored by the server), or the upload a preview answered. */
export type ImportSource = File | { upload: string };

function importForm(source: ImportSource, mode: 'preview' | 'run', choice: ImportChoice): FormData {
  const form = new FormData();
  form.append('mode', mode);
  if (choice.mapping) form.append('mapping', JSON.stringify(choice.mapping));
  if (choice.key !== undefined) form.append('key', choice.key);
  if (choice.options) form.append('options', JSON.stringify(choice.options));
  if (source instanceof File) form.append('file', source, source.name);
  else form.append('upload', source.upload);
  return form;
}

export const previewImport = (path: string, source: ImportSource, choice: ImportChoice = {}) =>
  request<ImportPreview>('POST', `/api/v1/${path}/import`, { body: importForm(source, 'preview', choice) });

export const startImport = (path: string, source: ImportSource, choice: ImportChoice) =>
  request<{ data: ImportJob }>('POST', `/api/v1/${path}/import`, { body: importForm(source, 'run', choice) }).then((r) => r.data);

/** The job's progress, polled until it ends. */
export function useImportJob(path: string, id: string | null) {
  return useQuery({
    queryKey: ['import', path, id],
    enabled: Boolean(id),
    queryFn: () => request<{ data: ImportJob }>('GET', `/api/v1/${path}/import/${id}`).then((r) => r.data),
    refetchInterval: (query) => (query.state.data && ['done', 'failed'].includes(query.state.data.status) ? false : 500),
  });
}
