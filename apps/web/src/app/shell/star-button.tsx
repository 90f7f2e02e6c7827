import { ActionIcon, Tooltip } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { screenByPath } from '../../config/screens';
import { useStarredPages } from './starred-pages';

/** Stars the page in view (kept per user on the server; shown first in the menu). */
export function StarButton() {
  const { pathname } = useLocation();
  const screen = screenByPath(pathname);
  const { isStarred, toggle } = useStarredPages();
  if (!screen || screen.public || screen.aliasOf) return null;
  const on = isStarred(screen.path);
  const label = on ? `Unstar ${screen.label}` : `Star ${screen.label}`;
  return (
    <Tooltip label={on ? 'Starred: in your menu' : 'Star this page: keep it first in your menu'}>
      <ActionIcon
        variant="subtle"
        color={on ? 'yellow' : 'gray'}
        size="lg"
        aria-label={label}
        aria-pressed={on}
        onClick={() => toggle(screen.path, screen.label)}
      >
        {on ? <IconStarFilled size={20} aria-hidden /> : <IconStar size={20} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
