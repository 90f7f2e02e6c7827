import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request, toApiError } from '../api/client';

export type Row = Record<string, unknown> & { id: string };

export interface ListPage {
  data: Row[];
  total: number | null;
  /** True when `total` is the planner's estimate (past 1,000 matches), not a count. */
  totalIsEstimate?: boolean;
  /** Set when the count stopped there: more matches than this ("1,000+"). */
  totalAtLeast?: number | null;
  limit: number;
  offset: number;
  nextCursor: string | null;
}

type Query = Record<string, string | string[] | number | undefined>;

export const listRecords = (path: string, query: Query) => request<ListPage>('GET', `/api/v1/${path}`, { query });
export const getRecord = (path: string, id: string) => request<{ data: Row }>('GET', `/api/v1/${path}/${id}`).then((r) => r.data);
export const createRecord = (path: string, body: Record<string, unknown>) =>
  request<{ data: Row }>('POST', `/api/v1/${path}`, { body }).then((r) => r.data);
export const updateRecord = (path: string, id: string, body: Record<string, unknown>) =>
  request<{ data: Row }>('PATCH', `/api/v1/${path}/${id}`, { body }).then((r) => r.data);
export const deleteRecord = (path: string, id: string) => request<void>('DELETE', `/api/v1/${path}/${id}`);
export const bulkDeleteRecords = (path: string, ids: string[]) =>
  request<{ deleted: number; ids: string[] }>('POST', `/api/v1/${path}/bulk-delete`, { body: { ids } });

export interface UploadedFile {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  url: string;
}

/**
 * POST /api/v1/media/files (multipart); `purpose` names the form field (e.g. logo). A private file
 * gets no public URL: its url is /api/v1/media/files/<id>/content, readable with the session.
 */
export async function uploadFile(file: File, purpose = 'file', visibility: 'public' | 'private' = 'public'): Promise<UploadedFile> {
  const body = new FormData();
  body.append(purpose, file, file.name);
  const result = await request<{ data: UploadedFile[] }>('POST', '/api/v1/media/files', { body, query: { visibility } });
  return result.data[0];
}

/** A private file (/api/v1/media/files/<id>/content) fetched with the session and opened in a new tab. */
export async function openPrivateFile(url: string): Promise<void> {
  const tab = window.open('', '_blank');
  const { data, response } = (await api.GET(url as never, { parseAs: 'blob' } as never)) as { data?: unknown; response: Response };
  if (!response.ok || !(data instanceof Blob)) {
    tab?.close();
    throw toApiError(response.status, undefined);
  }
  const objectUrl = URL.createObjectURL(data);
  if (tab) tab.location.href = objectUrl;
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}

/** A URL that only the signed-in API serves (a private file). */
export const isPrivateFileUrl = (url: string) => /^\/api\/v1\/media\/files\/[0-9a-f-]{36}\/content$/i.test(url);

export const listKey = (path: string, query?: Query) => (query ? ['resource', path, 'list', query] : ['resource', path, 'list']);
export const recordKey = (path: string, id: string) => ['resource', path, 'record', id];

export function useRecordList(path: string, query: Query, enabled = true) {
  return useQuery({ queryKey: listKey(path, query), queryFn: () => listRecords(path, query), placeholderData: keepPreviousData, enabled });
}

export function useRecord(path: string, id: string | null) {
  return useQuery({ queryKey: recordKey(path, id ?? ''), queryFn: () => getRecord(path, id!), enabled: Boolean(id) });
}

/** Create, update and delete with the lists of the resource refreshed afterwards. */
export function useRecordMutations(path: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['resource', path] });
  return {
    create: useMutation({ mutationFn: (body: Record<string, unknown>) => createRecord(path, body), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: Record<string, unknown> }) => updateRecord(path, id, body),
      onSuccess: (row) => {
        client.setQueryData(recordKey(path, row.id), row);
        return refresh();
      },
    }),
    remove: useMutation({ mutationFn: (id: string) => deleteRecord(path, id), onSuccess: refresh }),
    bulkRemove: useMutation({ mutationFn: (ids: string[]) => bulkDeleteRecords(path, ids), onSuccess: refresh }),
  };
}

/** The titles of a row's related records as the server expanded them (`expanded[name]`), else the ids. */
export function relatedTitles(row: Row, name: string, value: unknown): string {
  const expanded = (
    row.expanded as Record<string, { id: string; title: string | null } | { id: string; title: string | null }[] | null> | undefined
  )?.[name];
  const items = Array.isArray(expanded) ? expanded : expanded ? [expanded] : [];
  if (items.length > 0) return items.map((r) => r.title ?? r.id).join(', ');
  return Array.isArray(value) ? value.join(', ') : value == null ? '' : String(value);
}
