import {
  createRootRouteWithContext,
  createRoute,
  lazyRouteComponent,
  type AnyRoute,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { loadBrand } from '../../brand/brand';
import { loadAllStrings } from '../../i18n';
import { ErrorPage, NotFoundPage } from '../../features/errors/ErrorPages';
import { validateFilterSearch, type FilterSearch } from '../../features/statistics/filters';
import { LazyAppLayout } from '../LazyAppLayout';
import { middleware, type MiddlewareName } from '../middleware';
import { Root } from '../Root';

/**
 * The route kit the area files (routes/*.ts) build with: the root, the signed-in layout, and a page, a
 * list page and a statistics page in it, each running its middleware; pages load lazily.
 */
export interface RouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context }) => {
    await loadBrand(context.queryClient);
  },
  component: Root,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});

export const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const signedIn = middleware('auth');
/**
 * Every protected page sits in the layout; signed-out callers go to /login and come back after. The
 * layout's pages wait for all their locale's strings (the pages outside it load a first part only).
 */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async (args) => {
    await Promise.all([loadAllStrings(), signedIn(args)]);
  },
  component: LazyAppLayout,
  notFoundComponent: NotFoundPage,
});

/**
 * A page in the layout, running the middleware it names (spec §2) before anything renders: a role without
 * the page's key gets the 404 page, without a flash of the page.
 */
export function page<TPath extends string>(
  path: TPath,
  names: MiddlewareName[],
  component: AnyRoute['options']['component'],
) {
  return createRoute({ getParentRoute: () => appRoute, path, beforeLoad: middleware(...names), component });
}

/**
 * A list page: its filters and paging in the address, typed by the list's query (`listAddress<Q>()`);
 * the page checks them with the server's schema for that list (useListSearch). `extra` reads keys of the
 * page's own (a dialog to open).
 */
export function listPage<TPath extends string, Q extends object, E extends object>(
  path: TPath,
  names: MiddlewareName[],
  component: AnyRoute['options']['component'],
  address: (search: Record<string, unknown>) => Partial<Q>,
  extra?: (search: Record<string, unknown>) => E,
) {
  return createRoute({
    getParentRoute: () => appRoute,
    path,
    validateSearch: (search: Record<string, unknown>): Partial<Q> & E => ({
      ...address(search),
      ...(extra?.(search) ?? ({} as E)),
    }),
    beforeLoad: middleware(...names),
    component,
  });
}

/** A statistics page: its filters (and any extra keys) kept in the address, each optional. */
export function statisticsPage<TPath extends string>(
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

export const lazy = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T & string) =>
  lazyRouteComponent(load, name);
