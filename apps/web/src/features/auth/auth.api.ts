import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  accountApi,
  authApi,
  botCheckApi,
  oidcApi,
  type AuthBody,
  type RecoverPassBody,
  type Locale,
  type OidcCallbackBody,
  type RegisterBody,
} from '@vitrine/core';
import { call, keyOf } from '../../api/contract';

/** GET /api/user/info: the caller, their cabinet and their scope (the permission keys the server grants). */
export const getUserInfo = () => call(authApi.info, {}, { silent: true });

/** POST /api/user/logout: ends the refresh token's family; a failure is not said (spec §7). */
export const logout = (refreshToken: string | null) =>
  call(authApi.logout, { body: refreshToken ? { refreshToken } : {} }, { silent: true });

// The signed-out pages' calls: silent, since each page says the outcome itself (spec §7).

/** POST /api/user/auth: a sign-in's token pair. */
export const signIn = (body: z.output<typeof AuthBody>) => call(authApi.auth, { body }, { silent: true });

/** POST /api/user/register: a new cabinet and its owner, made when the e-mailed link is followed. */
export const register = (body: RegisterBody) => call(authApi.register, { body }, { silent: true });

/** POST /api/user/recover-pass: mails a recovery link (the answer never says whether the address is known). */
export const recoverPass = (body: z.output<typeof RecoverPassBody>) =>
  call(authApi.recoverPass, { body }, { silent: true });

/** POST /api/user/recover-pass-submit: the recovery link's token and the new password. */
export const submitNewPassword = (body: { token: string; password: string; repeatPassword: string }) =>
  call(authApi.recoverPassSubmit, { body }, { silent: true });

/** POST /api/user/verify-email: the e-mailed link's token. */
export const verifyEmail = (token: string) =>
  call(authApi.verifyEmail, { body: { token } }, { silent: true });

/** POST /api/user/unlock: mails the account a link that unlocks sign-in (answers alike for any login). */
export const requestUnlock = (login: string) => call(authApi.unlock, { body: { login } }, { silent: true });

/** POST /api/user/unlock-submit: the unlock link's token; the answer marks this browser for sign-in. */
export const submitUnlock = (token: string) =>
  call(authApi.unlockSubmit, { body: { token } }, { silent: true });

/** GET /api/user/oidc/provider: the OpenID provider's name, when one is configured. */
export const getOidcProvider = () => call(oidcApi.provider, {}, { silent: true });

/** The OpenID provider this installation offers, if any (the sign-in button and the link section). */
export const useOidcProvider = () =>
  useQuery({ queryKey: keyOf(oidcApi.provider), queryFn: getOidcProvider });

/** POST /api/user/oidc/start: the provider's authorization address and the state it carries. */
export const startOidc = () => call(oidcApi.start, {}, { silent: true });

/**
 * PATCH /api/user/patch-account with the language the person uses: alerts are written in it. Silent, and
 * a failure changes nothing the person sees.
 */
export const rememberLocale = (locale: Locale) =>
  call(accountApi.patch, { body: { locale } }, { silent: true }).then(
    () => undefined,
    () => undefined,
  );

/** POST /api/user/oidc/link: the provider's address to link the signed-in account. */
export const linkOidc = () => call(oidcApi.link, {}, { silent: true });

/** GET /api/user/oidc/identity: whether the account is linked to the provider. */
export const getOidcIdentity = () => call(oidcApi.identity);

export const OIDC_IDENTITY_KEY = keyOf(oidcApi.identity);

/** The provider's identity linked to the caller's account, if any. */
export const useOidcIdentity = (enabled: boolean) =>
  useQuery({ queryKey: OIDC_IDENTITY_KEY, queryFn: getOidcIdentity, enabled });

/** GET /api/bot-check: which bot check the signed-out forms show, silently (the form works without). */
export const useBotCheckInfo = () =>
  useQuery({
    queryKey: keyOf(botCheckApi.info),
    queryFn: () => call(botCheckApi.info, {}, { silent: true }),
    staleTime: Infinity,
  });

/** POST /api/user/oidc/unlink. */
export const unlinkOidc = () => call(oidcApi.unlink);

/** POST /api/user/oidc/callback: what the provider sent back to /login. */
export const finishOidc = (body: OidcCallbackBody) => call(oidcApi.callback, { body }, { silent: true });
