import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_LANDING, type UserInfo } from '@vitrine/core';
import { session } from '../../api/client';
import { getUserInfo, logout } from './auth.api';
import { notices } from '../../lib/notices';

export const USER_INFO_KEY = ['user', 'info'] as const;

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
