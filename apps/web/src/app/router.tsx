import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type AnyRoute,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import {
  DEFAULT_LOCALE,
  NetListQuery,
  PlaylistListQuery,
  POINT_TABS,
  PointListQuery,
  StudioListQuery,
  PluginListQuery,
  UserListQuery,
  WallListQuery,
  pointTabPath,
  type Locale,
} from '@vitrine/core';
import { loadBrand } from '../brand/brand';
import { loadUser } from '../features/auth/session';
import { ErrorPage, NotFoundPage } from '../features/errors/ErrorPages';
import { lastPoint } from '../features/points/lastPoint';
import { listSearch } from '../lib/list/search';
import { listPagingSearch, validateFilterSearch, type FilterSearch } from '../features/statistics/filters';
import { LazyAppLayout } from './LazyAppLayout';
import { middleware, type MiddlewareName } from './middleware';
import { Root } from './Root';
import { holds } from '../lib/permissions';

export interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context }) => {
    await loadBrand(context.queryClient);
  },
  component: Root,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const searchWithRedirect = (search: Record<string, unknown>): { redirect?: string } => {
  const redirect = text(search.redirect);
  return redirect ? { redirect } : {};
};
const searchWithToken = (search: Record<string, unknown>): { token?: string } => {
  const token = text(search.token);
  return token ? { token } : {};
};
const searchForAutoLogin = (
  search: Record<string, unknown>,
): { token?: string; refreshToken?: string; redirect?: string } => {
  const refreshToken = text(search.refreshToken);
  return {
    ...searchWithToken(search),
    ...searchWithRedirect(search),
    ...(refreshToken ? { refreshToken } : {}),
  };
};

/** Every protected page sits in the layout; signed-out callers go to /login and come back after. */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: middleware('auth'),
  component: LazyAppLayout,
  notFoundComponent: NotFoundPage,
});

/**
 * A page in the layout, running the middleware it names (spec §2) before anything renders: a role without
 * the page's key gets the 404 page, without a flash of the page.
 */
function page<TPath extends string>(
  path: TPath,
  names: MiddlewareName[],
  component: AnyRoute['options']['component'],
) {
  return createRoute({ getParentRoute: () => appRoute, path, beforeLoad: middleware(...names), component });
}

/** A list page: its filters and paging in the address, checked with the server's schema for that list. */
function listPage<TPath extends string, S extends Parameters<typeof listSearch>[0], E extends object>(
  path: TPath,
  names: MiddlewareName[],
  component: AnyRoute['options']['component'],
  schema: S,
  extra?: (search: Record<string, unknown>) => E,
) {
  return createRoute({
    getParentRoute: () => appRoute,
    path,
    validateSearch: listSearch(schema, extra),
    beforeLoad: middleware(...names),
    component,
  });
}

/** A statistics page: its filters (and any extra keys) kept in the address, each optional. */
function statisticsPage<TPath extends string>(
  path: TPath,
  names: MiddlewareName[],
  component: AnyRoute['options']['component'],
  extra: (search: Record<string, unknown>) => Record<string, string | number> = () => ({}),
) {
  return createRoute({
    getParentRoute: () => appRoute,
    path,
    validateSearch: (
      search: Record<string, unknown>,
    ): FilterSearch & { view?: string; page?: number; limit?: number } => ({
      ...validateFilterSearch(search),
      ...extra(search),
    }),
    beforeLoad: middleware(...names),
    component,
  });
}

const lazy = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T & string) =>
  lazyRouteComponent(load, name);

const dashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: middleware('home'),
  component: lazy(() => import('../features/dashboard/DashboardPage'), 'DashboardPage'),
});

const routeTree = rootRoute.addChildren([
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/login',
    // The OpenID provider returns here with code and state (spec §7, the external code sign-in).
    validateSearch: (search: Record<string, unknown>) => {
      const code = text(search.code);
      const state = text(search.state);
      const iss = text(search.iss);
      return {
        ...searchWithRedirect(search),
        ...(code ? { code } : {}),
        ...(state ? { state } : {}),
        ...(iss ? { iss } : {}),
      };
    },
    beforeLoad: middleware('guest'),
    component: lazy(() => import('../features/auth/LoginPage'), 'LoginPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/login/auto',
    validateSearch: searchForAutoLogin,
    beforeLoad: middleware('guest'),
    component: lazy(() => import('../features/auth/AutoLoginPage'), 'AutoLoginPage'),
  }),
  createRoute({
    // Not requiring sign-out either: the link unlocks sign-in in whichever browser opens it.
    getParentRoute: () => rootRoute,
    path: '/login/unlock',
    validateSearch: searchWithToken,
    component: lazy(() => import('../features/auth/UnlockPage'), 'UnlockPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/reg',
    beforeLoad: middleware('guest'),
    component: lazy(() => import('../features/auth/RegisterPage'), 'RegisterPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/recover-pass',
    beforeLoad: middleware('guest'),
    component: lazy(() => import('../features/auth/RecoverPassPage'), 'RecoverPassPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/recover-pass/submit',
    validateSearch: searchWithToken,
    beforeLoad: middleware('guest'),
    component: lazy(() => import('../features/auth/RecoverPassPage'), 'RecoverPassSubmitPage'),
  }),
  createRoute({
    // Not requiring sign-in either way: the link works in any browser.
    getParentRoute: () => rootRoute,
    path: '/verify-email',
    validateSearch: searchWithToken,
    component: lazy(() => import('../features/auth/VerifyEmailPage'), 'VerifyEmailPage'),
  }),
  appRoute.addChildren([
    dashboardRoute,
    page(
      '/account',
      ['can:account.route'],
      lazy(() => import('../features/account/AccountPage'), 'AccountPage'),
    ),
    page(
      '/account-security',
      ['can:account.security'],
      lazy(() => import('../features/account/SecurityPage'), 'SecurityPage'),
    ),
    page(
      '/account-access',
      ['can:user.shareAccess'],
      lazy(() => import('../features/account/SharedAccessPage'), 'SharedAccessPage'),
    ),
    page(
      '/account-members',
      ['can:account.members'],
      lazy(() => import('../features/account/MembersPage'), 'MembersPage'),
    ),
    page(
      '/funds',
      ['can:funds'],
      lazy(() => import('../features/funds/FundsPage'), 'FundsPage'),
    ),
    createRoute({
      getParentRoute: () => appRoute,
      path: '/funds/accepted',
      // Stripe returns here with the Checkout session it paid.
      validateSearch: (search: Record<string, unknown>): { session?: string } => {
        const session = text(search.session);
        return session ? { session } : {};
      },
      beforeLoad: middleware('can:funds'),
      component: lazy(() => import('../features/funds/FundsAcceptedPage'), 'FundsAcceptedPage'),
    }),
    listPage(
      '/point',
      ['can:point.route'],
      lazy(() => import('../features/points/PointsPage'), 'PointsPage'),
      PointListQuery,
      // ?bind= opens the bind dialog with the code a player's QR carries.
      (search): { bind?: string } => {
        const bind = typeof search.bind === 'string' ? search.bind.slice(0, 20) : undefined;
        return bind ? { bind } : {};
      },
    ),
    page(
      '/point/$id',
      ['can:point.route', 'id'],
      lazy(() => import('../features/points/PointPage'), 'PointContentPage'),
    ),
    page(
      '/point/schedule/$id',
      ['can:point.route', 'id'],
      lazy(() => import('../features/points/PointPage'), 'PointSchedulePage'),
    ),
    page(
      '/point/windows/$id',
      ['can:point.route', 'id'],
      lazy(() => import('../features/points/PointPage'), 'PointWindowsPage'),
    ),
    page(
      '/point/settings/$id',
      ['can:point.route', 'id'],
      lazy(() => import('../features/points/PointPage'), 'PointSettingsPage'),
    ),
    page(
      '/point/audience/$id',
      ['can:point.route', 'id'],
      lazy(() => import('../features/points/PointPage'), 'PointAudiencePage'),
    ),
    page(
      '/point/stream/$id',
      ['can:point.route', 'id'],
      lazy(() => import('../features/points/PointPage'), 'PointStreamPage'),
    ),
    page(
      '/point/log/$id',
      ['can:point.route', 'id'],
      lazy(() => import('../features/points/PointPage'), 'PointLogPage'),
    ),
    // Spec §2: a point tab's id is optional: the screen last opened here is shown, or the list opens.
    ...POINT_TABS.filter((tab) => tab !== 'content').map((tab) =>
      createRoute({
        getParentRoute: () => appRoute,
        path: `/point/${tab}`,
        beforeLoad: async (args) => {
          await middleware('can:point.route')(args);
          const last = lastPoint.get();
          if (last !== null && holds(await loadUser(args.context.queryClient), 'point.get')) {
            throw redirect({ href: pointTabPath(tab, last) });
          }
          throw redirect({ to: '/point' });
        },
      }),
    ),
    listPage(
      '/wall',
      ['can:wall.route'],
      lazy(() => import('../features/walls/WallsPage'), 'WallsPage'),
      WallListQuery,
    ),
    page(
      '/wall/create',
      ['can:wall.create'],
      lazy(() => import('../features/walls/WallEditPage'), 'WallEditPage'),
    ),
    page(
      '/wall/$id',
      ['can:wall.route', 'id'],
      lazy(() => import('../features/walls/WallEditPage'), 'WallEditPage'),
    ),
    listPage(
      '/net',
      ['can:net.route'],
      lazy(() => import('../features/nets/NetsPage'), 'NetsPage'),
      NetListQuery,
    ),
    listPage(
      '/playlist',
      ['can:playlist.route'],
      lazy(() => import('../features/playlists/PlaylistsPage'), 'PlaylistsPage'),
      PlaylistListQuery,
    ),
    page(
      '/playlist/create',
      ['can:playlist.create'],
      lazy(() => import('../features/playlists/PlaylistEditPage'), 'PlaylistEditPage'),
    ),
    page(
      '/playlist/$id',
      ['can:playlist.route', 'id'],
      lazy(() => import('../features/playlists/PlaylistEditPage'), 'PlaylistEditPage'),
    ),
    createRoute({
      getParentRoute: () => appRoute,
      path: '/files',
      validateSearch: (search: Record<string, unknown>): { folder?: number } => {
        const folder = Number(search.folder);
        return Number.isInteger(folder) && folder > 0 ? { folder } : {};
      },
      beforeLoad: middleware('can:files.route'),
      component: lazy(() => import('../features/files/GalleryPage'), 'HomeGalleryPage'),
    }),
    createRoute({
      getParentRoute: () => appRoute,
      path: '/files/stock',
      validateSearch: (search: Record<string, unknown>): { folder?: number } => {
        const folder = Number(search.folder);
        return Number.isInteger(folder) && folder > 0 ? { folder } : {};
      },
      beforeLoad: middleware('can:files.route'),
      component: lazy(() => import('../features/files/GalleryPage'), 'StockGalleryPage'),
    }),
    page(
      '/files/recent',
      ['can:files.route'],
      lazy(() => import('../features/files/GalleryPage'), 'RecentGalleryPage'),
    ),
    page(
      '/files/favorite',
      ['can:files.route'],
      lazy(() => import('../features/files/GalleryPage'), 'FavoriteGalleryPage'),
    ),
    page(
      '/files/widget',
      ['can:files.route'],
      lazy(() => import('../features/files/GalleryPage'), 'WidgetGalleryPage'),
    ),
    page(
      '/files/creation',
      ['can:files.route'],
      lazy(() => import('../features/files/GalleryPage'), 'CreationGalleryPage'),
    ),
    page(
      '/files/plugin',
      ['can:files.route'],
      lazy(() => import('../features/files/GalleryPage'), 'PluginGalleryPage'),
    ),
    listPage(
      '/creations',
      ['can:creations.route'],
      lazy(() => import('../features/studio/StudioListPage'), 'CreationsPage'),
      StudioListQuery,
    ),
    page(
      '/creations/$id',
      ['can:creations.route'],
      lazy(() => import('../features/studio/StudioEditorPage'), 'CreationEditorPage'),
    ),
    listPage(
      '/plugins',
      ['can:plugins.route'],
      lazy(() => import('../features/plugins/PluginsPage'), 'PluginsPage'),
      PluginListQuery,
    ),
    listPage(
      '/widgets',
      ['can:widgets.route'],
      lazy(() => import('../features/studio/StudioListPage'), 'WidgetsPage'),
      StudioListQuery,
    ),
    page(
      '/widgets/$id',
      ['can:widgets.route'],
      lazy(() => import('../features/studio/StudioEditorPage'), 'WidgetEditorPage'),
    ),
    statisticsPage(
      '/statistics/report',
      ['can:statistics.report'],
      lazy(() => import('../features/statistics/ReportPage'), 'ReportPage'),
      (search): Record<string, string> =>
        search.view === 'instances' || search.view === 'files' ? { view: search.view } : {},
    ),
    statisticsPage(
      '/statistics/list',
      ['can:statistics.list'],
      lazy(() => import('../features/statistics/ListPage'), 'ListPage'),
      listPagingSearch,
    ),
    statisticsPage(
      '/impressions',
      ['can:impressions'],
      lazy(() => import('../features/impressions/ImpressionsPage'), 'ImpressionsPage'),
    ),
    statisticsPage(
      '/ssp/report',
      ['can:ssp.route'],
      lazy(() => import('../features/ssp/SspReportPage'), 'SspReportPage'),
      (search): Record<string, string> => (search.view === 'reconciliation' ? { view: search.view } : {}),
    ),
    statisticsPage(
      '/ssp/list',
      ['can:ssp.list'],
      lazy(() => import('../features/ssp/SspListPage'), 'SspListPage'),
    ),
    statisticsPage(
      '/ssp/files',
      ['can:ssp.files'],
      lazy(() => import('../features/ssp/SspFilesPage'), 'SspFilesPage'),
    ),
    listPage(
      '/user',
      ['can:user.route'],
      lazy(() => import('../features/users/UsersPage'), 'UsersPage'),
      UserListQuery,
    ),
    page(
      '/user/create',
      ['can:user.route'],
      lazy(() => import('../features/users/UserCreatePage'), 'UserCreatePage'),
    ),
    page(
      '/user/$id',
      ['can:user.route', 'id'],
      lazy(() => import('../features/users/UserEditPage'), 'UserEditPage'),
    ),
    page(
      '/admin',
      ['can:admin.route'],
      lazy(() => import('../features/admin/AdminPage'), 'AdminPage'),
    ),
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
