import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ResourceMeta } from '../api/get-resources-meta';

export const PAGE_SIZES = [25, 50, 100, 200];

export interface ListState {
  q: string;
  sort: string;
  page: number;
  limit: number;
  /** The server's keyset cursor of this page (past the numbered pages); empty on numbered pages. */
  cursor: string;
  /** Filter values by API parameter name (field, field.gte, field.lte). */
  filters: Record<string, string[]>;
}

/** Names of the URL parameters a list's filters use. */
export function filterParamNames(meta: ResourceMeta): string[] {
  return meta.list.filters.flatMap((f) => [f, `${f}.gte`, `${f}.lte`]);
}

/**
 * The list's view in the URL (search, sort, page, page size, filters) so a view can be shared.
 * `fixed` filters are set by the screen (e.g. kind=error) and never shown in the URL.
 */
const NO_FIXED: Record<string, string> = {};

export function useListParams(meta: ResourceMeta, fixed: Record<string, string> = NO_FIXED) {
  const [params, setParams] = useSearchParams();
  const state = useMemo<ListState>(() => {
    const limit = Number(params.get('limit'));
    const page = Number(params.get('page'));
    const filters: Record<string, string[]> = {};
    for (const name of filterParamNames(meta)) {
      if (name in fixed) continue;
      const values = params.getAll(name).filter(Boolean);
      if (values.length) filters[name] = values;
    }
    const sort = params.get('sort') ?? '';
    return {
      q: params.get('q') ?? '',
      sort: meta.list.sort.includes(sort.replace(/^-/, '')) ? sort : meta.list.defaultSort,
      page: Number.isInteger(page) && page > 0 ? page : 1,
      limit: PAGE_SIZES.includes(limit) ? limit : 25,
      cursor: params.get('cursor') ?? '',
      filters,
    };
  }, [params, meta, fixed]);

  /** The URL parameters `patch` leads to from `prev` (the list's other parameters, and the screen's, kept). */
  const paramsWith = useCallback(
    (patch: Partial<ListState>, prev: URLSearchParams = params) => {
      const next = new URLSearchParams(prev);
      const merged = { ...state, ...patch };
      const set = (k: string, v: string | number | undefined, fallback?: string | number) => {
        if (v === undefined || v === '' || v === fallback) next.delete(k);
        else next.set(k, String(v));
      };
      set('q', merged.q);
      set('sort', merged.sort, meta.list.defaultSort);
      set('limit', merged.limit, 25);
      // A new search, sort or filter starts again at page 1.
      const resetPage = patch.q !== undefined || patch.sort !== undefined || patch.filters !== undefined || patch.limit !== undefined;
      set('page', resetPage && patch.page === undefined ? 1 : merged.page, 1);
      // A cursor belongs to one page of one query: any other change drops it.
      set('cursor', patch.cursor ?? '');
      if (patch.filters) {
        for (const name of filterParamNames(meta)) next.delete(name);
        for (const [name, values] of Object.entries(patch.filters)) for (const v of values) if (v !== '') next.append(name, v);
      }
      return next;
    },
    [params, state, meta],
  );

  const update = useCallback(
    (patch: Partial<ListState>) => setParams((prev) => paramsWith(patch, prev), { replace: true }),
    [setParams, paramsWith],
  );

  /** The API querystring of the current view. */
  const apiQuery = useMemo(() => {
    const query: Record<string, string | string[] | number> = { limit: state.limit, sort: state.sort, ...fixed };
    // Keyset paging when the server gave a cursor; offsets only for the numbered (small) pages.
    if (state.cursor) query.cursor = state.cursor;
    else query.offset = (state.page - 1) * state.limit;
    if (state.q) query.q = state.q;
    for (const [name, values] of Object.entries(state.filters)) query[name] = values.length === 1 ? values[0] : values;
    return query;
  }, [state, fixed]);

  return { state, update, paramsWith, apiQuery, params, setParams };
}
