import { hashKey, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { authApi, DEFAULT_LANDING, type TokenPair, type UserInfo } from '@vitrine/core';
import { keyOf } from '../../api/contract';
import { session } from '../../api/client';
import { getUserInfo, logout } from './auth.api';
import { notices } from '../../lib/notices';
import { BRAND_KEY } from '../../brand/brand';

export const USER_INFO_KEY = keyOf(authApi.info);

export const fetchUserInfo = async (): Promise<UserInfo | null> =>
  session.token ? await getUserInfo() : null;

/** The page that turns two-factor on: the only one open while the cabinet waits for it. */
export const SECURITY_PAGE = '/account-security';

/** Where a role lands after sign-in (and from pages it may not open). */
export const landingOf = (user: UserInfo): string =>
  user.twoFaSetupRequired ? SECURITY_PAGE : DEFAULT_LANDING[user.user.role];

/** The signed-in user for route guards: null when signed out or when the session is gone. */
export async function loadUser(client: QueryClient): Promise<UserInfo | null> {
  if (!session.token) return null;
  try {
    return await client.ensureQueryData({ queryKey: USER_INFO_KEY, queryFn: fetchUserInfo });
  } catch {
    session.clear();
    return null;
  }
}

/**
 * Puts a session's tokens in place and answers its user, fetched into the query the page already
 * watches (not a new one beside it), so the top bar's role and the menu follow at once.
 */
export async function beginSession(
  client: QueryClient,
  pair: Partial<TokenPair> & { token: string },
): Promise<UserInfo | null> {
  session.set(pair);
  return client.fetchQuery({ queryKey: USER_INFO_KEY, queryFn: fetchUserInfo, staleTime: 0 });
}

/** The answers that are the installation's, or fetched again by `beginSession`: kept over a change. */
const KEPT = new Set([hashKey(BRAND_KEY), hashKey(USER_INFO_KEY)]);

/**
 * Moves to another session (another cabinet) without a reload: every answer of the old one is reset,
 * not removed (a removed query leaves the page on screen showing it, as the dashboard kept the old
 * cabinet's screens and funds), then `start` begins the new session and opens its page, and whatever
 * is on screen then asks again under the new tokens.
 */
export async function changeSession(
  client: QueryClient,
  pair: Partial<TokenPair> & { token: string },
  start: () => Promise<unknown>,
): Promise<void> {
  session.set(pair);
  await client.cancelQueries({ predicate: (query) => !KEPT.has(query.queryHash) });
  for (const query of client.getQueryCache().findAll({ predicate: (q) => !KEPT.has(q.queryHash) }))
    query.reset();
  await start();
  await client.refetchQueries(
    { type: 'active', predicate: (query) => query.state.data === undefined },
    { cancelRefetch: false },
  );
}

export function useUserInfo() {
  return useQuery({ queryKey: USER_INFO_KEY, queryFn: fetchUserInfo, retry: false, staleTime: 60_000 });
}

/** Signs out on the server (failure ignored, spec §7) and resets all client state (spec §2). */
export function useLogout() {
  const client = useQueryClient();
  return async () => {
    const refreshToken = session.refreshToken;
    await logout(refreshToken).catch(() => undefined);
    session.clear();
    client.clear();
    notices.clear();
  };
}
