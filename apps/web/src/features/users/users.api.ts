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
import { call } from '../../api/contract';

export type UsersQuery = Partial<UserListQuery>;
/** GET /api/user. */
export type UsersPage = z.output<typeof UserList>;

/** POST /api/user/post: a user (an owner without a cabinet gets a new one). */
export const createUser = (body: UserPostBody) => call(userApi.post, { body });

/** POST /api/user/patch/:id. */
export const patchUser = (id: number, body: UserPatchBody) => call(userApi.patch, { params: { id }, body });

export const useUsers = (query: UsersQuery) =>
  useQuery({
    queryKey: ['users', query],
    queryFn: () => call(userApi.list, { query: { ...query } }),
    placeholderData: keepPreviousData,
  });

export const useUser = (id: number) =>
  useQuery({ queryKey: ['users', id], queryFn: () => call(userApi.get, { params: { id } }) });

export const useCabinets = () =>
  useQuery({
    queryKey: ['cabinets'],
    queryFn: () => call(cabinetApi.list, { query: { limit: 1000 } }),
  });
