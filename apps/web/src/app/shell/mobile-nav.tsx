import { Drawer, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useVisibleScreens } from './use-visible-screens';

/** Below md the navigation is a drawer opened by the burger: a heading per group, its sections under it. */
export function MobileNav({ opened, onClose, community }: { opened: boolean; onClose: () => void; community: string }) {
  const { groups } = useVisibleScreens();
  const { pathname } = useLocation();
  return (
    <Drawer
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      title={`Atrium · ${community}`}
      size="xs"
      hiddenFrom="md"
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack component="nav" aria-label="Main" gap="md">
        {groups.map((group) => (
          <div key={group.key}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
              {group.label}
            </Text>
            {group.sections.map((section) => (
              <div key={section.label ?? group.key}>
                {section.label && group.sections.length > 1 && (
                  <Text size="xs" c="dimmed" mt={6} mb={2} pl="sm">
                    {section.label}
                  </Text>
                )}
                {section.screens.map((s) => (
                  <NavLink key={s.path} component={Link} to={s.path} label={s.label} active={pathname === s.path} onClick={onClose} />
                ))}
              </div>
            ))}
          </div>
        ))}
      </Stack>
    </Drawer>
  );
}
