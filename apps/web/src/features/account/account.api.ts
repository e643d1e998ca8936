import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Account,
  AddMemberBody,
  Cabinet,
  CabinetInfo,
  PatchAccountBody,
  PatchPasswordBody,
  PostTokenBody,
  TokenPair,
} from '@vitrine/core';
import { api } from '../../api/client';

export const ACCOUNT_KEY = ['account'] as const;
export const MEMBERS_KEY = ['cabinet', 'info'] as const;

/** POST /api/user/post-token: the new personal API token, shown once. */
export interface CreatedToken {
  token: string;
}

export const useAccount = () =>
  useQuery({ queryKey: ACCOUNT_KEY, queryFn: () => api<Account>('/user/account') });
export const useCabinetInfo = () =>
  useQuery({ queryKey: MEMBERS_KEY, queryFn: () => api<CabinetInfo>('/cabinet/info') });

/** POST /api/user/patch-account. */
export const patchAccount = (body: PatchAccountBody) =>
  api<Account>('/user/patch-account', { method: 'POST', body });

/** POST /api/user/patch-password: a fresh token pair (the other sessions end). */
export const patchPassword = (body: PatchPasswordBody) =>
  api<TokenPair>('/user/patch-password', { method: 'POST', body });

/** POST /api/user/post-token. */
export const createToken = (body: z.output<typeof PostTokenBody>) =>
  api<CreatedToken>('/user/post-token', { method: 'POST', body });

/** POST /api/cabinet/add-member. */
export const addMember = (body: AddMemberBody) => api<void>('/cabinet/add-member', { method: 'POST', body });

/** POST /api/cabinet/remove-member/:id. */
export const removeMember = (id: number) => api<void>(`/cabinet/remove-member/${id}`, { method: 'POST' });

/** POST /api/user/remove-token/:id. */
export const removeToken = (id: number) => api<void>(`/user/remove-token/${id}`, { method: 'POST' });

/** PATCH /api/cabinet/approval: whether members' playlist changes wait for the owner. */
export function useApprovalSwitch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (approvalRequired: boolean) =>
      api<Cabinet>('/cabinet/approval', { method: 'PATCH', body: { approvalRequired } }),
    onSuccess: (cabinet) =>
      client.setQueryData<CabinetInfo>(MEMBERS_KEY, (info) => (info ? { ...info, cabinet } : info)),
  });
}
