import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  notFound,
  redirect,
  type AnyRoute,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import {
  DEFAULT_LANDING,
  DEFAULT_LOCALE,
  type Locale,
  type PermissionKey,
  type UserInfo,
} from '@vitrine/core';
import { loadBrand } from '../brand/brand';
import { loadUser } from '../features/auth/session';
import { ErrorPage, NotFoundPage } from '../features/errors/ErrorPages';
import { SectionPage } from '../features/sections/SectionPage';
import { listPagingSearch, validateFilterSearch, type FilterSearch } from '../features/statistics/filters';
import { AppLayout } from './AppLayout';
import { Root } from './Root';

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

export const landingOf = (user: UserInfo): string => DEFAULT_LANDING[user.user.role];

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

/** Guest-only pages: a signed-in user goes to their landing page (spec §2). */
const guestOnly = async ({ context }: { context: RouterContext }) => {
  const user = await loadUser(context.queryClient);
  if (user) throw redirect({ href: landingOf(user) });
};

/** Every protected page sits in the layout; signed-out callers go to /login and come back after. */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ context, location }) => {
    const user = await loadUser(context.queryClient);
    if (!user) throw redirect({ to: '/login', search: { redirect: location.href } });
    return { user };
  },
  component: AppLayout,
  notFoundComponent: NotFoundPage,
});

/** A page the role may open, else the 404 page, decided before anything renders (no flash). */
function page<TPath extends string>(
  path: TPath,
  permission: PermissionKey,
  component: AnyRoute['options']['component'],
) {
  return createRoute({
    getParentRoute: () => appRoute,
    path,
    beforeLoad: ({ context, params }) => {
      if (!context.user.scope.includes(permission)) throw notFound();
      // The route's validate hook (spec §2): an id that is not a number is a page that does not exist.
      const id = (params as { id?: string }).id;
      if (id !== undefined && !/^[1-9]\d{0,9}$/.test(id)) throw notFound();
    },
    component,
  });
}

/** A section whose own release has not landed yet: its title and an honest empty state. */
const section = <TPath extends string>(path: TPath, permission: PermissionKey, title: string) =>
  page(path, permission, () => <SectionPage titleKey={title} />);

/** A statistics page: its filters (and any extra keys) kept in the address, each optional. */
function statisticsPage<TPath extends string>(
  path: TPath,
  permission: PermissionKey,
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
    beforeLoad: ({ context }: { context: { user: UserInfo } }) => {
      if (!context.user.scope.includes(permission)) throw notFound();
    },
    component,
  });
}

const lazy = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T & string) =>
  lazyRouteComponent(load, name);

const dashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    // Roles without the dashboard (agent, observer) start on their own landing page (spec §2).
    if (!context.user.scope.includes('dashboard.route')) throw redirect({ href: landingOf(context.user) });
  },
  component: lazy(() => import('../features/dashboard/DashboardPage'), 'DashboardPage'),
});

const routeTree = rootRoute.addChildren([
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/login',
    validateSearch: searchWithRedirect,
    beforeLoad: guestOnly,
    component: lazy(() => import('../features/auth/LoginPage'), 'LoginPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/login/auto',
    validateSearch: searchForAutoLogin,
    beforeLoad: guestOnly,
    component: lazy(() => import('../features/auth/AutoLoginPage'), 'AutoLoginPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/reg',
    beforeLoad: guestOnly,
    component: lazy(() => import('../features/auth/RegisterPage'), 'RegisterPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/recover-pass',
    beforeLoad: guestOnly,
    component: lazy(() => import('../features/auth/RecoverPassPage'), 'RecoverPassPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/recover-pass/submit',
    validateSearch: searchWithToken,
    beforeLoad: guestOnly,
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
      'account.route',
      lazy(() => import('../features/account/AccountPage'), 'AccountPage'),
    ),
    page(
      '/account-security',
      'account.security',
      lazy(() => import('../features/account/SecurityPage'), 'SecurityPage'),
    ),
    page(
      '/account-members',
      'account.members',
      lazy(() => import('../features/account/MembersPage'), 'MembersPage'),
    ),
    section('/funds', 'funds', 'sections.funds'),
    section('/funds/accepted', 'funds', 'sections.fundsAccepted'),
    createRoute({
      getParentRoute: () => appRoute,
      path: '/point',
      // ?net= filters by a network; ?bind= opens the bind dialog with the code a player's QR carries.
      validateSearch: (search: Record<string, unknown>): { net?: number; bind?: string } => {
        const net = Number(search.net);
        const bind = typeof search.bind === 'string' ? search.bind.slice(0, 20) : undefined;
        return {
          ...(Number.isInteger(net) && net > 0 ? { net } : {}),
          ...(bind ? { bind } : {}),
        };
      },
      beforeLoad: ({ context }: { context: { user: UserInfo } }) => {
        if (!context.user.scope.includes('point.route')) throw notFound();
      },
      component: lazy(() => import('../features/points/PointsPage'), 'PointsPage'),
    }),
    page(
      '/point/$id',
      'point.route',
      lazy(() => import('../features/points/PointPage'), 'PointContentPage'),
    ),
    page(
      '/point/schedule/$id',
      'point.route',
      lazy(() => import('../features/points/PointPage'), 'PointSchedulePage'),
    ),
    page(
      '/point/windows/$id',
      'point.route',
      lazy(() => import('../features/points/PointPage'), 'PointWindowsPage'),
    ),
    page(
      '/point/settings/$id',
      'point.route',
      lazy(() => import('../features/points/PointPage'), 'PointSettingsPage'),
    ),
    page(
      '/point/audience/$id',
      'point.route',
      lazy(() => import('../features/points/PointPage'), 'PointAudiencePage'),
    ),
    page(
      '/point/stream/$id',
      'point.route',
      lazy(() => import('../features/points/PointPage'), 'PointStreamPage'),
    ),
    page(
      '/point/log/$id',
      'point.route',
      lazy(() => import('../features/points/PointPage'), 'PointLogPage'),
    ),
    section('/wall', 'wall.route', 'menu.walls'),
    section('/wall/create', 'wall.create', 'sections.wallCreate'),
    section('/wall/$id', 'wall.route', 'sections.wallEdit'),
    page(
      '/net',
      'net.route',
      lazy(() => import('../features/nets/NetsPage'), 'NetsPage'),
    ),
    page(
      '/playlist',
      'playlist.route',
      lazy(() => import('../features/playlists/PlaylistsPage'), 'PlaylistsPage'),
    ),
    page(
      '/playlist/create',
      'playlist.create',
      lazy(() => import('../features/playlists/PlaylistEditPage'), 'PlaylistEditPage'),
    ),
    page(
      '/playlist/$id',
      'playlist.route',
      lazy(() => import('../features/playlists/PlaylistEditPage'), 'PlaylistEditPage'),
    ),
    createRoute({
      getParentRoute: () => appRoute,
      path: '/files',
      validateSearch: (search: Record<string, unknown>): { folder?: number } => {
        const folder = Number(search.folder);
        return Number.isInteger(folder) && folder > 0 ? { folder } : {};
      },
      beforeLoad: ({ context }: { context: { user: UserInfo } }) => {
        if (!context.user.scope.includes('files.route')) throw notFound();
      },
      component: lazy(() => import('../features/files/GalleryPage'), 'HomeGalleryPage'),
    }),
    createRoute({
      getParentRoute: () => appRoute,
      path: '/files/stock',
      validateSearch: (search: Record<string, unknown>): { folder?: number } => {
        const folder = Number(search.folder);
        return Number.isInteger(folder) && folder > 0 ? { folder } : {};
      },
      beforeLoad: ({ context }: { context: { user: UserInfo } }) => {
        if (!context.user.scope.includes('files.route')) throw notFound();
      },
      component: lazy(() => import('../features/files/GalleryPage'), 'StockGalleryPage'),
    }),
    page(
      '/files/recent',
      'files.route',
      lazy(() => import('../features/files/GalleryPage'), 'RecentGalleryPage'),
    ),
    page(
      '/files/favorite',
      'files.route',
      lazy(() => import('../features/files/GalleryPage'), 'FavoriteGalleryPage'),
    ),
    section('/creations', 'creations.route', 'sections.creations'),
    section('/plugins', 'plugins.route', 'sections.plugins'),
    section('/widgets', 'widgets.route', 'sections.widgets'),
    statisticsPage(
      '/statistics/report',
      'statistics.report',
      lazy(() => import('../features/statistics/ReportPage'), 'ReportPage'),
      (search): Record<string, string> =>
        search.view === 'instances' || search.view === 'files' ? { view: search.view } : {},
    ),
    statisticsPage(
      '/statistics/list',
      'statistics.list',
      lazy(() => import('../features/statistics/ListPage'), 'ListPage'),
      listPagingSearch,
    ),
    statisticsPage(
      '/impressions',
      'impressions',
      lazy(() => import('../features/impressions/ImpressionsPage'), 'ImpressionsPage'),
    ),
    section('/ssp/report', 'ssp.route', 'menu.sspReport'),
    section('/ssp/list', 'ssp.list', 'menu.sspList'),
    section('/ssp/files', 'ssp.files', 'menu.sspFiles'),
    page(
      '/user',
      'user.route',
      lazy(() => import('../features/users/UsersPage'), 'UsersPage'),
    ),
    page(
      '/user/create',
      'user.route',
      lazy(() => import('../features/users/UserCreatePage'), 'UserCreatePage'),
    ),
    page(
      '/user/$id',
      'user.route',
      lazy(() => import('../features/users/UserEditPage'), 'UserEditPage'),
    ),
    section('/admin', 'admin.route', 'menu.admin'),
  ]),
]);

export function createAppRouter(queryClient: QueryClient, locale: Locale) {
  return createRouter({
    routeTree,
    context: { queryClient },
    basepath: locale === DEFAULT_LOCALE ? '/' : `/${locale}`,
    defaultPreload: 'intent',
    defaultPendingMinMs: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
