import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconLogout, IconPalette, IconUser } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { Me } from '../../api/get-me';
import { THEMES } from '../../lib/appearance';
import { signOut } from '../../lib/sign-out';
import { useThemeChoice } from '../../lib/use-theme-choice';

function initials(name: string) {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((p) => p[0]?.toUpperCase())
      .join('') || '?'
  );
}

/** The signed-in user: profile, theme (remembered for the user) and sign out. */
export function UserMenu({ me, version }: { me: Me; version?: string }) {
  const navigate = useNavigate();
  const { theme, setTheme } = useThemeChoice();
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Account of ${me.data.name}`} data-testid="user-menu">
          <Avatar color="brand" radius="xl" size={34}>
            {initials(me.data.name)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {me.data.name}
          </Text>
          <Text size="xs" truncate>
            {me.data.email} · {me.community.name}
          </Text>
        </Menu.Label>
        <Menu.Item component={Link} to="/profile-v" leftSection={<IconUser size={16} aria-hidden />}>
          My profile
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>
          <IconPalette size={12} aria-hidden /> Theme
        </Menu.Label>
        {THEMES.map((t) => (
          <Menu.Item
            key={t.value}
            onClick={() => setTheme(t.value)}
            rightSection={theme === t.value ? <IconCheck size={16} aria-label="selected" /> : null}
            data-testid={`theme-${t.value}`}
            closeMenuOnClick={false}
          >
            {t.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={async () => {
            await signOut();
            navigate('/login', { replace: true });
          }}
        >
          Sign out
        </Menu.Item>
        {version && (
          <Menu.Label>
            <Text size="xs">Atrium {version}</Text>
          </Menu.Label>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
