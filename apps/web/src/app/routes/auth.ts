import { createRoute } from '@tanstack/react-router';
import { LoginPage } from '../../features/auth/LoginPage';
import { middleware } from '../middleware';
import { lazy, rootRoute, text } from './kit';

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

/** The pages outside the layout: sign-in (also automatic and by unlock link), sign-up, recovery, email check. */
export const authRoutes = [
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
    // Not lazy: the page a first visit opens comes with the first script, not in a second round trip.
    component: LoginPage,
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/login/auto',
    validateSearch: searchForAutoLogin,
    beforeLoad: middleware('guest'),
    component: lazy(() => import('../../features/auth/AutoLoginPage'), 'AutoLoginPage'),
  }),
  createRoute({
    // Not requiring sign-out either: the link unlocks sign-in in whichever browser opens it.
    getParentRoute: () => rootRoute,
    path: '/login/unlock',
    validateSearch: searchWithToken,
    component: lazy(() => import('../../features/auth/UnlockPage'), 'UnlockPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/reg',
    beforeLoad: middleware('guest'),
    component: lazy(() => import('../../features/auth/RegisterPage'), 'RegisterPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/recover-pass',
    beforeLoad: middleware('guest'),
    component: lazy(() => import('../../features/auth/RecoverPassPage'), 'RecoverPassPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/recover-pass/submit',
    validateSearch: searchWithToken,
    beforeLoad: middleware('guest'),
    component: lazy(() => import('../../features/auth/RecoverPassPage'), 'RecoverPassSubmitPage'),
  }),
  createRoute({
    // Not requiring sign-in either way: the link works in any browser.
    getParentRoute: () => rootRoute,
    path: '/verify-email',
    validateSearch: searchWithToken,
    component: lazy(() => import('../../features/auth/VerifyEmailPage'), 'VerifyEmailPage'),
  }),
];
