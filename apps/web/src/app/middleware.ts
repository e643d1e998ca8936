import { notFound, redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { PERMISSION_KEYS, type PermissionKey } from '@vitrine/core';
import { SECURITY_PAGE, landingOf, loadUser } from '../features/auth/session';
import { holds } from '../lib/permissions';

/** What a route's middleware sees: the router's context, the address asked for and its parameters. */
export interface MiddlewareArgs {
  context: { queryClient: QueryClient };
  location: { pathname: string; href: string };
  params: Record<string, string | undefined>;
}

type Middleware = (args: MiddlewareArgs, argument: string) => void | Promise<void>;

/**
 * The route middleware of spec §2, a closed set by name: what a route asks for before it loads. A route
 * names them in order (`middleware('auth')`, `middleware('can:point.route', 'id')`); each either lets the
 * route load or throws a redirect or a 404.
 */
const MIDDLEWARE = {
  /** Signed-in only: a signed-out caller goes to /login and comes back after (the home page needs no way back). */
  auth: async ({ context, location }) => {
    const user = await loadUser(context.queryClient);
    // A cabinet requiring two-factor of someone without it: the security page only (docs/security.md).
    if (user?.twoFaSetupRequired && location.pathname !== SECURITY_PAGE)
      throw redirect({ href: SECURITY_PAGE });
    if (user) return;
    throw redirect({ to: '/login', search: location.pathname === '/' ? {} : { redirect: location.href } });
  },
  /** Guest-only: a signed-in user goes to their role's landing page. */
  guest: async ({ context, location }) => {
    const user = await loadUser(context.queryClient);
    if (!user) return;
    // Back from the OpenID provider while signed in: a link started on the security page finishes there.
    const back = new URLSearchParams(location.href.split('?')[1] ?? '');
    if (location.pathname === '/login' && back.has('code') && back.has('state'))
      throw redirect({ href: `${SECURITY_PAGE}?${back.toString()}` });
    throw redirect({ href: landingOf(user) });
  },
  /** `can:<permission key>`: a role without the key finds no such page (404), decided before anything renders. */
  can: async ({ context }, key) => {
    const user = await loadUser(context.queryClient);
    if (!holds(user, key as PermissionKey)) throw notFound();
  },
  /** The route's validate hook: an id that is not a number is a page that does not exist (404). */
  id: ({ params }) => {
    if (params.id !== undefined && !/^[1-9]\d{0,9}$/.test(params.id)) throw notFound();
  },
  /** The home page: roles without the dashboard (agent, observer) start on their own landing page. */
  home: async ({ context }) => {
    const user = await loadUser(context.queryClient);
    if (user && !holds(user, 'dashboard.route')) throw redirect({ href: landingOf(user) });
  },
} satisfies Record<string, Middleware>;

/** The values a middleware takes after its name and a colon; the others take none. */
const ARGUMENTS: Partial<Record<keyof typeof MIDDLEWARE, readonly string[]>> = { can: PERMISSION_KEYS };

export type MiddlewareName = Exclude<keyof typeof MIDDLEWARE, 'can'> | `can:${PermissionKey}`;

/** Spec §2, §8: a route naming middleware that does not exist is a 500 error, 'Unknown middleware ...'. */
export class UnknownMiddlewareError extends Error {
  readonly status = 500;
  constructor(readonly middleware: string) {
    super(`Unknown middleware ${middleware}`);
    this.name = 'UnknownMiddlewareError';
  }
}

function resolve(name: string): ((args: MiddlewareArgs) => void | Promise<void>) | undefined {
  const colon = name.indexOf(':');
  const base = colon < 0 ? name : name.slice(0, colon);
  const argument = colon < 0 ? undefined : name.slice(colon + 1);
  if (!Object.hasOwn(MIDDLEWARE, base)) return undefined;
  const key = base as keyof typeof MIDDLEWARE;
  const allowed = ARGUMENTS[key];
  if (allowed ? argument === undefined || !allowed.includes(argument) : argument !== undefined)
    return undefined;
  const run: Middleware = MIDDLEWARE[key];
  return (args) => run(args, argument ?? '');
}

/**
 * A route's `beforeLoad` from the middleware it names. Every name is looked up first: one that is not in
 * the set stops the route with an UnknownMiddlewareError (the 500 page) before any of them runs.
 */
export function middleware(...names: MiddlewareName[]): (args: MiddlewareArgs) => Promise<void> {
  return async (args) => {
    const chain = names.map((name) => {
      const run = resolve(name);
      if (!run) throw new UnknownMiddlewareError(name);
      return run;
    });
    for (const run of chain) await run(args);
  };
}
