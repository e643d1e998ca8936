import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@vitrine/core';
import { api, session } from '../../api/client';

export const USER_INFO_KEY = ['user', 'info'] as const;

/** The signed-in user; null when signed out. */
export function useUserInfo() {
  return useQuery({
    queryKey: USER_INFO_KEY,
    queryFn: async () => (session.token ? await api<UserInfo>('/user/info') : null),
    retry: false,
    staleTime: 60_000,
  });
}

/** Signs out on the server (failure ignored, spec §7) and resets all client state. */
export function useLogout() {
  const client = useQueryClient();
  return async () => {
    const refreshToken = session.refreshToken;
    await api('/user/logout', { method: 'POST', body: refreshToken ? { refreshToken } : {} }).catch(
      () => undefined,
    );
    session.clear();
    client.clear();
  };
}
