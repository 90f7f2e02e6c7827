import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import { AppShell, Box, Burger, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { memo, useEffect } from 'react';
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
 * The community's logo and name, linking to the dashboard; sets the brand colour and favicon. Its own
 * component: the brand profile's answer re-renders this link, not the whole frame.
 */
const BrandLink = memo(function BrandLink() {
  const permissions = usePermissions();
  const brand = useBrandProfile(permissions.canRead('branding'));
  useEffect(() => {
    if (!brand.data) return;
    setBrandColour(brand.data.primaryColor);
    setFavicon(brand.data.faviconUrl);
  }, [brand.data]);
  const name = brand.data?.businessName ?? 'Atrium';
  return (
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
  );
});

/** The user's menu with the product version (the health answer re-renders the menu alone). */
const AccountMenu = memo(function AccountMenu({ me }: { me: Me }) {
  const health = useHealth();
  return <UserMenu me={me} version={health.data?.version} />;
});

/**
 * The console frame: a horizontal top navigation grouped by area (a menu below md), the command
 * palette, notifications and the user's menu. On start it loads the modules and the product version.
 * What the answers that arrive during the first load change (brand, version, permissions) lives in
 * small components of its own, so each answer re-renders a corner, not the frame with every menu;
 * and only the navigation of the screen's size is built (the top menus at md (48em) and up, the burger's
 * drawer below), not both with one hidden by CSS.
 */
export default function Shell() {
  const me = useRouteLoaderData('session') as Me;
  const theme = useStore(themeStore);
  const [navOpen, nav] = useDisclosure(false);
  const { pathname } = useLocation();
  // Read at the first render (not after an effect), so the first paint builds one navigation only.
  const wide = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false }) ?? true;

  // The user's theme, remembered on the server.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the signed-in user changes
  useEffect(() => {
    if (isThemeChoice(me.data.theme)) applyThemeChoice(me.data.theme);
  }, [me.data.id]);
  // After each navigation: close the menu, remember the page among the recent ones.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each navigation
  useEffect(() => {
    nav.close();
    visitPage(pathname);
  }, [pathname]);

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
            {!wide && <Burger opened={navOpen} onClick={nav.toggle} size="sm" aria-label="Open the navigation" />}
            <BrandLink />
            {wide && <TopNav />}
          </Group>
          <Group gap={4} wrap="nowrap">
            <StarButton />
            <CommandPaletteButton />
            <NotificationsBell />
            <AccountMenu me={me} />
          </Group>
        </Group>
      </AppShell.Header>
      {!wide && <MobileNav opened={navOpen} onClose={nav.close} community={me.community.name} />}
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
