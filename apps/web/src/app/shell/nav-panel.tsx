import { CloseButton, NavLink, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconClock, IconSearch, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Screen } from '../../config/screen-types';
import { screensOf, searchNav } from './nav-model';
import { useRecentPages, useStarredPages } from './starred-pages';
import { useVisibleScreens } from './use-visible-screens';

function Heading({ children, icon }: { children: React.ReactNode; icon?: React.ReactNode }) {
  return (
    <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
      {icon}
      {children}
    </Text>
  );
}

function PageLink({ screen, hint, onNavigate }: { screen: Screen; hint?: string; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <NavLink
      component={Link}
      to={screen.path}
      label={screen.label}
      description={hint}
      active={pathname === screen.path}
      aria-current={pathname === screen.path ? 'page' : undefined}
      onClick={onNavigate}
      py={4}
    />
  );
}

/**
 * Every page the user may open: a search box, their starred pages, the pages visited recently, then
 * the groups and their sections. The phone's drawer and the "All pages" menu show it.
 */
export function NavPanel({ onNavigate, columns = 1 }: { onNavigate?: () => void; columns?: number }) {
  const { screens, groups } = useVisibleScreens();
  const { starred } = useStarredPages();
  const recent = useRecentPages();
  const [query, setQuery] = useState('');
  const hits = searchNav(groups, query);
  const starredScreens = screensOf(starred, screens);
  const recentScreens = screensOf(recent, screens).filter((s) => s.nav || s.palette !== false);
  return (
    <Stack gap="md">
      <TextInput
        aria-label="Search the menu"
        placeholder="Search the menu"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        rightSection={query ? <CloseButton size="sm" aria-label="Clear the search" onClick={() => setQuery('')} /> : null}
        data-autofocus
      />
      {query ? (
        <nav aria-label="Pages found">
          {hits.length === 0 ? (
            <Text size="sm" c="dimmed">
              No page matches “{query}”. Ctrl+K also searches records.
            </Text>
          ) : (
            hits.map((h) => <PageLink key={h.screen.path} screen={h.screen} hint={h.place} onNavigate={onNavigate} />)
          )}
        </nav>
      ) : (
        <>
          {(starredScreens.length > 0 || recentScreens.length > 0) && (
            <SimpleGrid cols={{ base: 1, sm: Math.min(columns, 2) }} spacing="md">
              {starredScreens.length > 0 && (
                <nav aria-label="Starred pages">
                  <Heading icon={<IconStar size={12} aria-hidden />}>Starred</Heading>
                  {starredScreens.map((s) => (
                    <PageLink key={s.path} screen={s} onNavigate={onNavigate} />
                  ))}
                </nav>
              )}
              {recentScreens.length > 0 && (
                <nav aria-label="Recent pages">
                  <Heading icon={<IconClock size={12} aria-hidden />}>Recent</Heading>
                  {recentScreens.map((s) => (
                    <PageLink key={s.path} screen={s} onNavigate={onNavigate} />
                  ))}
                </nav>
              )}
            </SimpleGrid>
          )}
          <SimpleGrid component="nav" aria-label="All pages" cols={{ base: 1, sm: columns }} spacing="md" verticalSpacing="md">
            {groups.map((group) => (
              <div key={group.key}>
                <Heading>{group.label}</Heading>
                {group.sections.map((section) => (
                  <div key={section.label ?? group.key}>
                    {section.label && group.sections.length > 1 && (
                      <Text size="xs" c="dimmed" mt={6} mb={2} pl="sm">
                        {section.label}
                      </Text>
                    )}
                    {section.screens.map((s) => (
                      <PageLink key={s.path} screen={s} onNavigate={onNavigate} />
                    ))}
                  </div>
                ))}
              </div>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
