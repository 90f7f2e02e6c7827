import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../api/client';

/** A user's named view of a list (GET/POST/PATCH/DELETE /api/v1/me/saved-views). */
export interface SavedView {
  id: string;
  resource: string;
  name: string;
  /** List parameters by name (q, status, publishAt.gte…) → values. */
  filters: Record<string, string[]>;
  sort: string | null;
  columns: string[] | null;
}

export type ViewInput = Omit<SavedView, 'id'>;

const base = '/api/v1/me/saved-views';
const viewsKey = (resource: string) => ['saved-views', resource];

export function useSavedViews(resource: string) {
  return useQuery({
    queryKey: viewsKey(resource),
    queryFn: () => request<{ data: SavedView[] }>('GET', base, { query: { resource } }).then((r) => r.data),
    staleTime: 60_000,
  });
}

/** Save, change and delete views; the list of views refreshes after each. */
export function useSavedViewMutations(resource: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: viewsKey(resource) });
  return {
    create: useMutation({
      mutationFn: (view: ViewInput) => request<{ data: SavedView }>('POST', base, { body: view }).then((r) => r.data),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...patch }: Partial<ViewInput> & { id: string }) =>
        request<{ data: SavedView }>('PATCH', `${base}/${id}`, { body: patch }).then((r) => r.data),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => request<void>('DELETE', `${base}/${id}`), onSuccess: refresh }),
  };
}

/** The view last applied to a list in this browser, restored when the list opens without parameters. */
const lastKey = (resource: string) => `atrium.lastView.${resource}`;
export const lastView = {
  get(resource: string): string | null {
    try {
      return localStorage.getItem(lastKey(resource));
    } catch {
      return null;
    }
  },
  set(resource: string, id: string | null) {
    try {
      if (id) localStorage.setItem(lastKey(resource), id);
      else localStorage.removeItem(lastKey(resource));
    } catch {}
  },
};
