import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@vitrine/core';
import { api, session } from '../../api/client';
import { notices } from '../../lib/notices';

export const USER_INFO_KEY = ['user', 'info'] as const;

const fetchUserInfo = async (): Promise<UserInfo | null> =>
  session.token ? await api<UserInfo>('/user/info', { silent: true }) : null;

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
    await api('/user/logout', {
      method: 'POST',
      body: refreshToken ? { refreshToken } : {},
      silent: true,
    }).catch(() => undefined);
    session.clear();
    client.clear();
    notices.clear();
  };
}
