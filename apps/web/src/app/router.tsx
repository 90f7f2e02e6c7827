import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import type { Screen } from '../config/screen-types';
import { SCREENS } from '../config/screens';
import type { ListView } from '../kit/list-view';
import { requireSession } from './guard';
import { movedAddress } from './moved-address';
import { RootLayout } from './root-layout';
import { AppLoading, loadChunk, NotFound, RouteError } from './route-error';

type ScreenModule = { default: ComponentType };

/** A lazily loaded screen: its own chunk, loaded with a time limit. */
const lazyScreen = (load: () => Promise<ScreenModule>) => async () => {
  const module = await loadChunk(load);
  return { Component: module.default };
};

/** The kit's list screen of an entry with `resource` or `tabs`: its chunk and the screen's views, loaded together. */
const listScreen = (screen: Screen) => async () => {
  const lazyViews = [screen.view, ...(screen.tabs ?? []).map((t) => t.view)];
  const [route, ...views] = await Promise.all([
    loadChunk(() => import('./resource-route')),
    ...lazyViews.map((load) => (load ? loadChunk(load).then((m) => m.default) : undefined)),
  ]);
  const ResourceRoute = route.default;
  return { Component: () => <ResourceRoute views={views as (ListView | undefined)[]} /> };
};

/** One route per screen-table entry; the entry rides along in the route's handle. */
export function screenRoute(screen: Screen): RouteObject {
  const route: RouteObject = { path: screen.path, handle: { screen } };
  // Older addresses (a moved page, a record parameter it used to have) lead to the current one.
  if (screen.movedTo || screen.recordParams || screen.renamedParams)
    route.loader = ({ request }: LoaderFunctionArgs) => {
      const to = movedAddress(screen, new URL(request.url));
      return to ? redirect(to) : null;
    };
  if (screen.movedTo) return route;
  if (screen.component) return { ...route, lazy: lazyScreen(screen.component) };
  if (screen.resource || screen.tabs) return { ...route, lazy: listScreen(screen) };
  throw new Error(`The screen ${screen.path} has neither a component, a resource nor tabs`);
}

/**
 * The route table, built from the screen table (config/screens.ts). Only screens that exist are
 * registered: an area that is not built yet answers with the not-found screen, never a placeholder.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: AppLoading,
    errorElement: <RouteError />,
    children: [
      { index: true, loader: () => redirect('/login') },
      ...SCREENS.filter((s) => s.public).map(screenRoute),
      {
        id: 'session',
        loader: requireSession,
        // Verify the session on every navigation (the server answer is cached for a minute).
        shouldRevalidate: () => true,
        lazy: lazyScreen(() => import('./shell/app-shell')),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { path: '/admin-panel', loader: () => redirect('/admin-panel/dashboard') },
              ...SCREENS.filter((s) => !s.public).map(screenRoute),
              { path: '/admin-panel/*', Component: NotFound },
            ],
          },
        ],
      },
      { path: '*', Component: NotFound },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
