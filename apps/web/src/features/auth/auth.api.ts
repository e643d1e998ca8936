import type { z } from 'zod';
import type { AuthBody, EmailBody, RegisterBody, TokenPair, UserInfo } from '@vitrine/core';
import { api } from '../../api/client';

/** GET /api/user/info: the caller, their cabinet and their scope (the permission keys the server grants). */
export const getUserInfo = () => api<UserInfo>('/user/info', { silent: true });

/** POST /api/user/logout: ends the refresh token's family; a failure is not said (spec §7). */
export const logout = (refreshToken: string | null) =>
  api<void>('/user/logout', { method: 'POST', body: refreshToken ? { refreshToken } : {}, silent: true });

// The signed-out pages' calls: silent, since each page says the outcome itself (spec §7).

/** POST /api/user/auth: a sign-in's token pair. */
export const signIn = (body: z.output<typeof AuthBody>) =>
  api<TokenPair>('/user/auth', { method: 'POST', body, silent: true });

/** POST /api/user/register: a new cabinet and its owner, unverified until the e-mailed link is followed. */
export const register = (body: RegisterBody) =>
  api<void>('/user/register', { method: 'POST', body, silent: true });

/** POST /api/user/recover-pass: mails a recovery link (the answer never says whether the address is known). */
export const recoverPass = (body: z.output<typeof EmailBody>) =>
  api<void>('/user/recover-pass', { method: 'POST', body, silent: true });

/** POST /api/user/recover-pass-submit: the recovery link's token and the new password. */
export const submitNewPassword = (body: { token: string; password: string; repeatPassword: string }) =>
  api<void>('/user/recover-pass-submit', { method: 'POST', body, silent: true });

/** POST /api/user/verify-email: the e-mailed link's token. */
export const verifyEmail = (token: string) =>
  api<void>('/user/verify-email', { method: 'POST', body: { token }, silent: true });
