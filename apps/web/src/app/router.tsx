import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import type { LazyComponent, Screen } from '../config/screen-types';
import { SCREENS } from '../config/screens';
import { requireSession } from './guard';
import { RootLayout } from './root-layout';
import { AppLoading, loadChunk, NotFound, RouteError } from './route-error';

type ScreenModule = { default: ComponentType };

/** A lazily loaded screen: its own chunk, loaded with a time limit. */
const lazyScreen = (load: () => Promise<ScreenModule>) => async () => {
  const module = await loadChunk(load);
  return { Component: module.default };
};

const resourceRoute: LazyComponent = () => import('./resource-route');

/** One route per screen-table entry; the entry rides along in the route's handle. */
export function screenRoute(screen: Screen): RouteObject {
  const component = screen.component ?? (screen.resource ? resourceRoute : undefined);
  if (!component) throw new Error(`The screen ${screen.path} has neither a component nor a resource`);
  return { path: screen.path, handle: { screen }, lazy: lazyScreen(component) };
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
