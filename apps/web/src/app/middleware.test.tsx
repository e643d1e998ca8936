import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  isNotFound,
  isRedirect,
} from '@tanstack/react-router';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { scopeOf, type Role, type UserInfo } from '@vitrine/core';
import { i18nOptions } from '../i18n/resources';
import { USER_INFO_KEY } from '../features/auth/session';
import { ErrorPage } from '../features/errors/ErrorPages';
import { UnknownMiddlewareError, middleware, type MiddlewareArgs, type MiddlewareName } from './middleware';

/** A browser's storage for the session token, in memory. */
const storage = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  },
});

/** The arguments a route's beforeLoad gets, with a signed-in user of the role (or nobody). */
function args(role: Role | null, pathname = '/point', params: Record<string, string> = {}): MiddlewareArgs {
  const queryClient = new QueryClient();
  if (role) {
    storage.set('vitrine.token', 'token');
    const info = { user: { id: 1, login: 'x', role }, scope: scopeOf(role) } as unknown as UserInfo;
    queryClient.setQueryData(USER_INFO_KEY, info);
  }
  return { context: { queryClient }, location: { pathname, href: pathname }, params };
}

const refusal = (run: Promise<void>) =>
  run.then(
    () => 'ran',
    (error: unknown) => error,
  );

afterEach(() => storage.clear());

describe('route middleware: a closed set, named by the routes (spec §2)', () => {
  it('runs the named middleware in order', async () => {
    await expect(
      middleware('auth', 'can:point.route', 'id')(args('owner', '/point/7', { id: '7' })),
    ).resolves.toBe(undefined);
    expect(isRedirect(await refusal(middleware('auth')(args(null))))).toBe(true);
    expect(isRedirect(await refusal(middleware('guest')(args('owner', '/login'))))).toBe(true);
    expect(isNotFound(await refusal(middleware('can:user.route')(args('owner'))))).toBe(true);
    expect(isNotFound(await refusal(middleware('id')(args('owner', '/point/x', { id: 'x' }))))).toBe(true);
  });

  it('stops a route naming an unknown middleware with a 500 before any middleware runs', async () => {
    // 'guest' would redirect this signed-in user; it never runs, since 'nope' is looked up first.
    const error = await refusal(middleware('guest', 'nope' as MiddlewareName)(args('owner', '/login')));
    expect(error).toBeInstanceOf(UnknownMiddlewareError);
    expect(error).toMatchObject({ status: 500, middleware: 'nope', message: 'Unknown middleware nope' });
  });

  it.each(['can', 'can:no.such.key', 'id:5', 'auth:'])('knows no middleware %s', async (name) => {
    const error = await refusal(middleware(name as MiddlewareName)(args('owner')));
    expect(error).toBeInstanceOf(UnknownMiddlewareError);
  });
});

describe('the 500 page of an unknown middleware', () => {
  beforeAll(async () => {
    await i18n.use(initReactI18next).init(i18nOptions('ua'));
  });

  it('says which middleware, in the reader’s language, instead of the page', async () => {
    const root = createRootRouteWithContext<{ queryClient: QueryClient }>()();
    const broken = createRoute({
      getParentRoute: () => root,
      path: '/broken',
      beforeLoad: middleware('auth', 'nope' as MiddlewareName),
      component: () => <p>the page itself</p>,
    });
    const router = createRouter({
      routeTree: root.addChildren([broken]),
      history: createMemoryHistory({ initialEntries: ['/broken'] }),
      context: { queryClient: new QueryClient() },
      defaultErrorComponent: ErrorPage,
    });
    // Unhandled UI errors are only logged (spec §8): here, the unknown middleware.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await router.load();
    const html = renderToString(
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    expect(html).toContain('500');
    expect(html).toContain('Невідомий проміжний обробник nope');
    expect(html).toContain('Сталася помилка');
    expect(html).not.toContain('the page itself');
    expect(logged.mock.calls.flat()).toContainEqual(expect.any(UnknownMiddlewareError));
    logged.mockRestore();
  });
});
