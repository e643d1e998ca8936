import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  userApi,
  cabinetApi,
  type UserList,
  type UserListQuery,
  type UserPatchBody,
  type UserPostBody,
} from '@vitrine/core';
import { areaKey, call, keyOf } from '../../api/contract';

export type UsersQuery = Partial<UserListQuery>;
/** GET /api/user. */
export type UsersPage = z.output<typeof UserList>;

/** POST /api/user/post: a user (an owner without a cabinet gets a new one). */
export const createUser = (body: UserPostBody) => call(userApi.post, { body });

/** POST /api/user/patch/:id. */
export const patchUser = (id: number, body: UserPatchBody) => call(userApi.patch, { params: { id }, body });

/** Every users' query: what a change of a user refreshes. */
export const USERS_KEY = areaKey(userApi.list);
export const userKey = (id: number) => keyOf(userApi.get, { params: { id } });

export const useUsers = (query: UsersQuery) =>
  useQuery({
    queryKey: keyOf(userApi.list, { query }),
    queryFn: () => call(userApi.list, { query: { ...query } }),
    placeholderData: keepPreviousData,
  });

export const useUser = (id: number) =>
  useQuery({ queryKey: userKey(id), queryFn: () => call(userApi.get, { params: { id } }) });

export const useCabinets = () =>
  useQuery({
    queryKey: keyOf(cabinetApi.list, { query: { limit: 1000 } }),
    queryFn: () => call(cabinetApi.list, { query: { limit: 1000 } }),
  });
