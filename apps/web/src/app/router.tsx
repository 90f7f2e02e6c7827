import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { SITE_ROUTE_PATHS, siteRoutes } from '../features/site/routes';
import { requireSession } from './guard';
import { RootLayout } from './root-layout';
import { AppLoading, loadChunk, NotFound, RouteError } from './route-error';

type ScreenModule = { default: ComponentType };

/** A lazily loaded screen: its own chunk, loaded with a time limit. */
const screen = (load: () => Promise<ScreenModule>) => async () => {
  const module = await loadChunk(load);
  return { Component: module.default };
};

const P = 'admin-panel';

/**
 * The route table. Only screens that exist are registered: an area that is not built yet answers
 * with the not-found screen, never a placeholder.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: AppLoading,
    errorElement: <RouteError />,
    children: [
      { index: true, loader: () => redirect('/login') },
      { path: 'login', lazy: screen(() => import('../features/auth/login-page')) },
      { path: 'forgot-password', lazy: screen(() => import('../features/auth/forgot-password-page')) },
      // Public screens (config/screens.ts PUBLIC_PATHS, e.g. admin-panel/plans-vue, /getapp) go here, outside the session guard.
      {
        id: 'session',
        loader: requireSession,
        // Verify the session on every navigation (the server answer is cached for a minute).
        shouldRevalidate: () => true,
        lazy: screen(() => import('./shell/app-shell')),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { path: 'profile-v', lazy: screen(() => import('../features/profile/profile-page')) },
              {
                path: P,
                children: [
                  { index: true, loader: () => redirect(`/${P}/dashboard`) },
                  { path: 'dashboard', lazy: screen(() => import('../features/dashboard/dashboard-page')) },
                  { path: 'my-admin', lazy: screen(() => import('../features/identity/admins-page')) },
                  { path: 'user-role', lazy: screen(() => import('../features/identity/roles-page')) },
                  { path: 'controlcenter', lazy: screen(() => import('../features/settings/controlcenter-page')) },
                  {
                    path: 'controlcenter/settings/admin-management',
                    lazy: screen(() => import('../features/identity/admin-management-page')),
                  },
                  {
                    path: 'controlcenter/settings/role-management',
                    lazy: screen(() => import('../features/identity/role-management-page')),
                  },
                  { path: 'controlcenter/user-mgmt/all-users', lazy: screen(() => import('../features/identity/all-users-page')) },
                  { path: 'controlcenter/settings/version', lazy: screen(() => import('../features/settings/version-page')) },
                  {
                    path: 'controlcenter/settings/error-management',
                    lazy: screen(() => import('../features/settings/error-management-page')),
                  },
                  { path: 'controlcenter/performance/error-log', lazy: screen(() => import('../features/ops/error-log-page')) },
                  { path: 'controlcenter/performance/application-log', lazy: screen(() => import('../features/ops/application-log-page')) },
                  { path: 'notifications', lazy: screen(() => import('../features/ops/notifications-page')) },
                  { path: 'branding', lazy: screen(() => import('../features/settings/branding-page')) },
                  ...siteRoutes(screen),
                  { path: '*', Component: NotFound },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', Component: NotFound },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

/** Every path this console registers (for tests and the command palette). */
export const REGISTERED_PATHS = [
  '/login',
  '/forgot-password',
  '/profile-v',
  `/${P}/dashboard`,
  `/${P}/my-admin`,
  `/${P}/user-role`,
  `/${P}/controlcenter`,
  `/${P}/controlcenter/settings/admin-management`,
  `/${P}/controlcenter/settings/role-management`,
  `/${P}/controlcenter/user-mgmt/all-users`,
  `/${P}/controlcenter/settings/version`,
  `/${P}/controlcenter/settings/error-management`,
  `/${P}/controlcenter/performance/error-log`,
  `/${P}/controlcenter/performance/application-log`,
  `/${P}/notifications`,
  `/${P}/branding`,
  ...SITE_ROUTE_PATHS,
];
