import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import { AppShell, Box, Burger, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Link, Outlet, useLocation, useRouteLoaderData } from 'react-router';
import { useBrandProfile } from '../../api/get-brand-profile';
import { useHealth } from '../../api/get-health';
import type { Me } from '../../api/get-me';
import { FIELD_ASSISTS } from '../../config/screens';
import { FieldAssistsProvider } from '../../kit/field-assists';
import { applyThemeChoice, isThemeChoice, setBrandColour, setFavicon, themeStore } from '../../lib/appearance';
import { usePermissions } from '../../lib/permissions';
import { useStore } from '../../lib/store';
import { AreaNotices } from './area-notices';
import { CommandPalette, CommandPaletteButton } from './command-palette';
import { MobileNav } from './mobile-nav';
import { NotificationsBell } from './notifications-bell';
import { StarButton } from './star-button';
import { visitPage } from './starred-pages';
import { TopNav } from './top-nav';
import { UserMenu } from './user-menu';

/**
 * The console frame: a horizontal top navigation grouped by area (a menu below md), the command
 * palette, notifications and the user's menu. On start it loads the modules and the product version.
 */
export default function Shell() {
  const me = useRouteLoaderData('session') as Me;
  const theme = useStore(themeStore);
  const [navOpen, nav] = useDisclosure(false);
  const { pathname } = useLocation();
  const permissions = usePermissions();
  const health = useHealth();
  const brand = useBrandProfile(permissions.canRead('branding'));

  // The user's theme, remembered on the server; the community's brand colour and favicon.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the signed-in user changes
  useEffect(() => {
    if (isThemeChoice(me.data.theme)) applyThemeChoice(me.data.theme);
  }, [me.data.id]);
  useEffect(() => {
    if (!brand.data) return;
    setBrandColour(brand.data.primaryColor);
    setFavicon(brand.data.faviconUrl);
  }, [brand.data]);
  // After each navigation: close the menu, remember the page among the recent ones.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each navigation
  useEffect(() => {
    nav.close();
    visitPage(pathname);
  }, [pathname]);

  const name = brand.data?.businessName ?? 'Atrium';
  return (
    <AppShell header={{ height: 60 }} padding={{ base: 'sm', sm: 'md' }}>
      <a className="atrium-skip-link" href="#main-content">
        Skip to content
      </a>
      <Notifications position="top-right" zIndex={1000} />
      <CommandPalette />
      <AppShell.Header className="atrium-header" {...(theme === 'semi-dark' ? { 'data-mantine-color-scheme': 'dark' } : {})}>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} gap="xs" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Burger opened={navOpen} onClick={nav.toggle} hiddenFrom="md" size="sm" aria-label="Open the navigation" />
            <UnstyledButton component={Link} to="/admin-panel/dashboard" aria-label={`${name} dashboard`}>
              <Group gap={8} wrap="nowrap">
                <Box
                  component="img"
                  src={brand.data?.logoUrl || '/favicon.svg'}
                  alt=""
                  h={30}
                  w="auto"
                  maw={120}
                  style={{ objectFit: 'contain' }}
                />
                <Text fw={700} visibleFrom="sm" truncate maw={180}>
                  {name}
                </Text>
              </Group>
            </UnstyledButton>
            <TopNav />
          </Group>
          <Group gap={4} wrap="nowrap">
            <StarButton />
            <CommandPaletteButton />
            <NotificationsBell />
            <UserMenu me={me} version={health.data?.version} />
          </Group>
        </Group>
      </AppShell.Header>
      <MobileNav opened={navOpen} onClose={nav.close} community={me.community.name} />
      {/* data-path: the path of the screen in view, set when the router commits a navigation (the
          address bar changes first): what tests that move through screens in-app wait for. */}
      <AppShell.Main id="main-content" tabIndex={-1} style={{ outline: 'none' }} data-path={pathname}>
        <Container size="xl" px={0}>
          <AreaNotices />
          {/* The areas' helpers beside form fields (billing's "Write with AI"), for the kit's forms. */}
          <FieldAssistsProvider assists={FIELD_ASSISTS}>
            <Outlet />
          </FieldAssistsProvider>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
