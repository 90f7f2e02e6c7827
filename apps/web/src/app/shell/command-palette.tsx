import { ActionIcon, Group, Kbd, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue, useOs } from '@mantine/hooks';
import { Spotlight, spotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { request } from '../../api/client';
import { useResourcesMeta } from '../../api/get-resources-meta';
import { RECORD_LINKS } from '../../config/screens';
import { useStore } from '../../lib/store';
import { screenRank } from './nav-model';
import { type RecentRecord, recentRecords, rememberRecord } from './recent-records';
import { useVisibleScreens } from './use-visible-screens';

/** Records whose searchable fields match, across the resources whose records open on a screen. */
function useRecordSearch(query: string) {
  const meta = useResourcesMeta();
  const searchable = (meta.data ?? []).filter((r) => RECORD_LINKS[r.path] && r.list.search.length > 0);
  return useQuery({
    queryKey: ['command-palette', query, searchable.map((r) => r.path)],
    enabled: query.length >= 2 && searchable.length > 0,
    staleTime: 10_000,
    queryFn: async () => {
      const results = await Promise.allSettled(
        searchable.map(async (r) => {
          const page = await request<{ data: Record<string, unknown>[] }>('GET', `/api/v1/${r.path}`, {
            query: { q: query, limit: 5, withTotal: 'false' },
          });
          return page.data.map(
            (row): RecentRecord => ({
              href: RECORD_LINKS[r.path].href(String(row.id)),
              label: String(row[r.ui.title] ?? r.label.singular),
              resource: r.label.singular,
            }),
          );
        }),
      );
      // One resource failing (e.g. a field its search cannot use) leaves the others' results.
      return results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
    },
  });
}

function RecordAction({ record, onOpen }: { record: RecentRecord; onOpen: (r: RecentRecord) => void }) {
  return (
    <Spotlight.Action onClick={() => onOpen(record)}>
      <Group justify="space-between" w="100%" wrap="nowrap">
        <Text size="sm" truncate>
          {record.label}
        </Text>
        <Text size="xs" opacity={0.8}>
          {record.resource}
        </Text>
      </Group>
    </Spotlight.Action>
  );
}

export { screenRank } from './nav-model';

/**
 * Ctrl/Cmd+K: jump to any screen the user may read, or open a record itself (its editor or drawer).
 * Records opened recently come first; Enter takes the top result.
 */
export function CommandPalette() {
  const navigate = useNavigate();
  const { screens } = useVisibleScreens();
  const recent = useStore(recentRecords);
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const records = useRecordSearch(debounced);
  const q = query.trim().toLowerCase();
  const matchesQuery = (text: string) => !q || text.toLowerCase().includes(q);
  const recentMatches = recent.filter((r) => matchesQuery(`${r.label} ${r.resource}`));
  const screenMatches = screens
    .filter((s) => s.palette !== false && matchesQuery(`${s.label} ${s.description} ${(s.keywords ?? []).join(' ')}`))
    .map((s, order) => ({ s, order, rank: screenRank(s, q) }))
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map(({ s }) => s);
  const found = (records.data ?? []).filter((r) => !recentMatches.some((x) => x.href === r.href));
  const top = recentMatches[0]?.href ?? screenMatches[0]?.path ?? found[0]?.href;

  const go = (to: string) => {
    navigate(to);
    setQuery('');
    spotlight.close();
  };
  const open = (record: RecentRecord) => {
    rememberRecord(record);
    go(record.href);
  };
  // Enter with nothing selected (results arrived after typing): take the top result.
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || !top) return;
    if (document.querySelector('[data-action][data-selected]')) return;
    const record = [...recentMatches, ...found].find((r) => r.href === top);
    if (record) open(record);
    else go(top);
  };

  return (
    <Spotlight.Root query={query} onQueryChange={setQuery} shortcut={['mod + K']} scrollable maxHeight={420}>
      <Spotlight.Search
        placeholder="Jump to a screen or record…"
        leftSection={<IconSearch size={18} aria-hidden />}
        aria-label="Search"
        onKeyDown={onKeyDown}
      />
      <Spotlight.ActionsList>
        {recentMatches.length > 0 && (
          <Spotlight.ActionsGroup label="Recent">
            {recentMatches.map((r) => (
              <RecordAction key={r.href} record={r} onOpen={open} />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {screenMatches.length > 0 && (
          <Spotlight.ActionsGroup label="Screens">
            {screenMatches.map((s) => (
              <Spotlight.Action key={s.path} onClick={() => go(s.path)}>
                <div>
                  <Text size="sm">{s.label}</Text>
                  <Text size="xs" opacity={0.8}>
                    {s.description}
                  </Text>
                </div>
              </Spotlight.Action>
            ))}
          </Spotlight.ActionsGroup>
        )}
        {found.length > 0 && (
          <Spotlight.ActionsGroup label="Records">
            {found.map((r) => (
              <RecordAction key={r.href} record={r} onOpen={open} />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {!top && <Spotlight.Empty>{records.isFetching ? 'Searching…' : 'Nothing found'}</Spotlight.Empty>}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}

export function CommandPaletteButton() {
  const os = useOs();
  const mod = os === 'macos' || os === 'ios' ? '⌘' : 'Ctrl';
  return (
    <Tooltip
      label={
        <span>
          Search <Kbd size="xs">{mod}</Kbd> + <Kbd size="xs">K</Kbd>
        </span>
      }
    >
      <ActionIcon variant="subtle" color="gray" size="lg" onClick={() => spotlight.open()} aria-label="Search screens and records">
        <IconSearch size={20} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
