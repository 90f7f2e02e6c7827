import { Drawer, ScrollArea } from '@mantine/core';
import { NavPanel } from './nav-panel';

/** Below md the navigation is a drawer opened by the burger: search, starred and recent pages, then every group. */
export function MobileNav({ opened, onClose, community }: { opened: boolean; onClose: () => void; community: string }) {
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
      <NavPanel onNavigate={onClose} />
    </Drawer>
  );
}
