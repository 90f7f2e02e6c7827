import { Badge, Tabs } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { memo } from 'react';
import type { ResourceMeta } from '../api/get-resources-meta';
import { formatTotal } from './list-total';
import { listKey, listRecords } from './resource-api';
import { optionLabel, outputFields } from './schema';

export interface StatusTabsProps {
  meta: ResourceMeta;
  /** The list's API query (search and other filters; paging is ignored). */
  query: Record<string, string | string[] | number>;
  /** The status shown now; '' = all. */
  value: string;
  onChange: (status: string) => void;
}

/** The status field whose values a list shows as tabs: declared in meta (ui.status) and filterable. */
export function statusTabsOf(meta: ResourceMeta): { field: string; tabs: string[] } | null {
  const status = meta.ui.status;
  if (!status || !meta.list.filters.includes(status.field)) return null;
  const tabs = status.tabs ?? meta.ui.fields[status.field]?.options?.map((o) => o.value) ?? [];
  return tabs.length > 1 ? { field: status.field, tabs } : null;
}

/**
 * "All · Draft · Published · Archived" above a list, each with its count for the current search and
 * other filters: one request of one row each, so the count is the server's (estimate-aware) total.
 * Memoised: the list around it renders again as its other answers arrive.
 */
export const StatusTabs = memo(function StatusTabs({ meta, query, value, onChange }: StatusTabsProps) {
  const status = statusTabsOf(meta);
  const field = outputFields(meta).find((f) => f.key === status?.field);
  const { limit: _l, offset: _o, cursor: _c, sort: _s, ...filters } = query;
  const tabs = ['', ...(status?.tabs ?? [])];
  const counts = useQueries({
    queries: tabs.map((tab) => {
      const q: Record<string, string | string[] | number> = { ...filters, limit: 1 };
      if (status) {
        if (tab) q[status.field] = tab;
        else delete q[status.field];
      }
      return {
        queryKey: [...listKey(meta.path, q), 'count'],
        queryFn: () => listRecords(meta.path, q),
        staleTime: 30_000,
        enabled: Boolean(status),
      };
    }),
  });
  if (!status) return null;
  // One line that scrolls sideways on a phone (never wrapping to a second line when the counts
  // arrive), and each count's badge there from the start, as a placeholder while it loads: the list
  // under the tabs does not move when the counts come in (layout shift).
  return (
    <Tabs value={value || 'all'} onChange={(v) => onChange(v === 'all' || !v ? '' : v)} data-testid="status-tabs">
      <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
        {tabs.map((tab, i) => {
          const page = counts[i]?.data;
          const count = formatTotal({ total: page?.total, totalIsEstimate: page?.totalIsEstimate, totalAtLeast: page?.totalAtLeast });
          const loading = counts[i]?.isPending ?? false;
          return (
            <Tabs.Tab
              key={tab || 'all'}
              value={tab || 'all'}
              style={{ flexShrink: 0 }}
              rightSection={
                count !== null || loading ? (
                  <Badge
                    size="sm"
                    variant="light"
                    color="gray"
                    tt="none"
                    miw={24}
                    aria-hidden={count === null}
                    c={count === null ? 'transparent' : undefined}
                  >
                    {count ?? '0'}
                  </Badge>
                ) : undefined
              }
            >
              {tab ? optionLabel(field, tab) : 'All'}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
    </Tabs>
  );
});
