import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  accountApi,
  cabinetApi,
  type AddMemberBody,
  type CabinetInfo,
  type PatchAccountBody,
  type PatchPasswordBody,
  type PostTokenBody,
} from '@vitrine/core';
import { call, keyOf } from '../../api/contract';

export const ACCOUNT_KEY = keyOf(accountApi.get);
export const MEMBERS_KEY = keyOf(cabinetApi.info);

/** POST /api/user/post-token: the new personal API token, shown once. */
export interface CreatedToken {
  token: string;
}

export const useAccount = () => useQuery({ queryKey: ACCOUNT_KEY, queryFn: () => call(accountApi.get) });
export const useCabinetInfo = () => useQuery({ queryKey: MEMBERS_KEY, queryFn: () => call(cabinetApi.info) });

/** POST /api/user/patch-account. */
export const patchAccount = (body: PatchAccountBody) => call(accountApi.patch, { body });

/** POST /api/user/patch-password: a fresh token pair (the other sessions end). */
export const patchPassword = (body: PatchPasswordBody) => call(accountApi.patchPassword, { body });

/** POST /api/user/post-token. */
export const createToken = (body: z.output<typeof PostTokenBody>) => call(accountApi.postToken, { body });

/** POST /api/cabinet/add-member. */
export const addMember = (body: AddMemberBody) => call(cabinetApi.addMember, { body });

/** POST /api/cabinet/remove-member/:id. */
export const removeMember = (id: number) => call(cabinetApi.removeMember, { params: { id } });

/** POST /api/user/remove-token/:id. */
export const removeToken = (id: number) => call(accountApi.removeToken, { params: { id } });

/** A cabinet setting the owner switches: the answer (the cabinet) replaces the members page's copy. */
function useCabinetSwitch(send: (on: boolean) => Promise<CabinetInfo['cabinet']>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (cabinet) =>
      client.setQueryData<CabinetInfo>(MEMBERS_KEY, (info) => (info ? { ...info, cabinet } : info)),
  });
}

/** PATCH /api/cabinet/approval: whether members' playlist changes wait for the owner. */
export const useApprovalSwitch = () =>
  useCabinetSwitch((approvalRequired) => call(cabinetApi.approval, { body: { approvalRequired } }));

/** PATCH /api/cabinet/twofa-required: whether members must turn two-factor on. */
export const useTwoFaRequiredSwitch = () =>
  useCabinetSwitch((twoFaRequired) => call(cabinetApi.twoFaRequirement, { body: { twoFaRequired } }));
