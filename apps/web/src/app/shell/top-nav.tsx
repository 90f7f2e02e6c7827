import { Group, Menu, Popover } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconLayoutGrid } from '@tabler/icons-react';
import { Fragment, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { NavPanel } from './nav-panel';
import { useVisibleScreens } from './use-visible-screens';

/** "All pages": every page in one panel, with search, starred and recent pages (md and up; the burger's drawer below). */
function AllPagesMenu() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close after each navigation
  useEffect(() => close(), [pathname]);
  return (
    <Popover opened={opened} onChange={(o) => !o && close()} position="bottom-start" width={760} shadow="md" trapFocus withinPortal>
      <Popover.Target>
        <button type="button" className="atrium-nav-link" aria-expanded={opened} onClick={toggle}>
          <IconLayoutGrid size={16} aria-hidden />
          All pages
        </button>
      </Popover.Target>
      <Popover.Dropdown mah="80vh" style={{ overflowY: 'auto' }} aria-label="All pages">
        <NavPanel onNavigate={close} columns={3} />
      </Popover.Dropdown>
    </Popover>
  );
}

/** The horizontal navigation (md and up): one link per single-screen group, a menu with sections per larger one. */
export function TopNav() {
  const { groups, screens } = useVisibleScreens();
  const { pathname } = useLocation();
  // The screen in view is the longest path that matches (controlcenter/performance/… is not "All settings").
  const current = screens
    .filter((s) => pathname === s.path || pathname.startsWith(`${s.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
  const active = (path: string) => current?.path === path;
  return (
    <Group component="nav" aria-label="Main" gap={2} visibleFrom="md" wrap="nowrap" ml="sm">
      <AllPagesMenu />
      {groups.map((group) =>
        group.screens.length === 1 ? (
          <Link
            key={group.key}
            to={group.screens[0].path}
            className="atrium-nav-link"
            data-active={active(group.screens[0].path) || undefined}
            aria-current={active(group.screens[0].path) ? 'page' : undefined}
          >
            {group.label}
          </Link>
        ) : (
          <Menu key={group.key} trigger="click-hover" openDelay={50} closeDelay={150} position="bottom-start" withinPortal>
            <Menu.Target>
              <button type="button" className="atrium-nav-link" data-active={group.screens.some((s) => active(s.path)) || undefined}>
                {group.label}
                <IconChevronDown size={14} aria-hidden />
              </button>
            </Menu.Target>
            <Menu.Dropdown mah="80vh" style={{ overflowY: 'auto' }}>
              {group.sections.map((section, i) => (
                <Fragment key={section.label ?? i}>
                  {i > 0 && <Menu.Divider />}
                  {section.label && group.sections.length > 1 && <Menu.Label>{section.label}</Menu.Label>}
                  {section.screens.map((s) => (
                    <Menu.Item key={s.path} component={Link} to={s.path} aria-current={pathname === s.path ? 'page' : undefined}>
                      {s.label}
                    </Menu.Item>
                  ))}
                </Fragment>
              ))}
            </Menu.Dropdown>
          </Menu>
        ),
      )}
    </Group>
  );
}
