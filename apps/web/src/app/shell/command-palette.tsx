import { ActionIcon, Group, Kbd, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue, useOs } from '@mantine/hooks';
import { Spotlight, spotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { request } from '../../api/client';
import { useResourcesMeta } from '../../api/get-resources-meta';
import { RESOURCE_SCREENS } from '../../config/screens';
import { useVisibleScreens } from './use-visible-screens';

interface RecordHit {
  id: string;
  label: string;
  resource: string;
  screen: string;
}

/** Records whose searchable fields match, across the resources that have a screen. */
function useRecordSearch(query: string) {
  const meta = useResourcesMeta();
  const searchable = (meta.data ?? []).filter((r) => RESOURCE_SCREENS[r.path] && r.list.search.length > 0);
  return useQuery({
    queryKey: ['command-palette', query, searchable.map((r) => r.path)],
    enabled: query.length >= 2 && searchable.length > 0,
    staleTime: 10_000,
    queryFn: async () => {
      const results = await Promise.all(
        searchable.map(async (r) => {
          try {
            const page = await request<{ data: Record<string, unknown>[] }>('GET', `/api/v1/${r.path}`, {
              query: { q: query, limit: 5, withTotal: 'false' },
            });
            return page.data.map(
              (row): RecordHit => ({
                id: String(row.id),
                label: String(row[r.ui.title] ?? row.id),
                resource: r.label.singular,
                screen: RESOURCE_SCREENS[r.path],
              }),
            );
          } catch {
            return [];
          }
        }),
      );
      return results.flat();
    },
  });
}

/** Ctrl/Cmd+K: jump to any screen the user may read, or to a record. */
export function CommandPalette() {
  const navigate = useNavigate();
  const { screens } = useVisibleScreens();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const records = useRecordSearch(debounced);
  const q = query.trim().toLowerCase();
  const matches = screens.filter((s) => !q || `${s.label} ${s.description}`.toLowerCase().includes(q));
  const go = (to: string) => {
    navigate(to);
    setQuery('');
  };
  return (
    <Spotlight.Root query={query} onQueryChange={setQuery} shortcut={['mod + K']} scrollable maxHeight={420}>
      <Spotlight.Search placeholder="Jump to a screen or record…" leftSection={<IconSearch size={18} aria-hidden />} aria-label="Search" />
      <Spotlight.ActionsList>
        {matches.length > 0 && (
          <Spotlight.ActionsGroup label="Screens">
            {matches.map((s) => (
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
        {(records.data?.length ?? 0) > 0 && (
          <Spotlight.ActionsGroup label="Records">
            {records.data?.map((r) => (
              <Spotlight.Action key={`${r.screen}:${r.id}`} onClick={() => go(`${r.screen}?record=${r.id}`)}>
                <Group justify="space-between" w="100%" wrap="nowrap">
                  <Text size="sm" truncate>
                    {r.label}
                  </Text>
                  <Text size="xs" opacity={0.8}>
                    {r.resource}
                  </Text>
                </Group>
              </Spotlight.Action>
            ))}
          </Spotlight.ActionsGroup>
        )}
        {matches.length === 0 && !(records.data?.length ?? 0) && (
          <Spotlight.Empty>{records.isFetching ? 'Searching…' : 'Nothing found'}</Spotlight.Empty>
        )}
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
