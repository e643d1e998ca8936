import { createRoute, createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_LOCALE, type Locale } from '@vitrine/core';
import { ErrorPage } from '../features/errors/ErrorPages';
import { middleware } from './middleware';
import { accountRoutes } from './routes/account';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { contentRoutes } from './routes/content';
import { appRoute, lazy, rootRoute } from './routes/kit';
import { screenRoutes } from './routes/screens';
import { statisticsRoutes } from './routes/statistics';

export type { RouterContext } from './routes/kit';

const dashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: middleware('home'),
  component: lazy(() => import('../features/dashboard/DashboardPage'), 'DashboardPage'),
});

/** The route tree: the pages outside the layout, then the layout's pages, area by area (routes/*.ts). */
const routeTree = rootRoute.addChildren([
  ...authRoutes,
  appRoute.addChildren([
    dashboardRoute,
    ...accountRoutes,
    ...screenRoutes,
    ...contentRoutes,
    ...statisticsRoutes,
    ...adminRoutes,
  ]),
]);

export function createAppRouter(queryClient: QueryClient, locale: Locale) {
  return createRouter({
    routeTree,
    context: { queryClient },
    basepath: locale === DEFAULT_LOCALE ? '/' : `/${locale}`,
    defaultPreload: 'intent',
    // A page's error (an unknown middleware's 500 among them) shows in its parent's frame: the menu stays.
    defaultErrorComponent: ErrorPage,
    defaultPendingMinMs: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
