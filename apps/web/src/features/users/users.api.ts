import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Cabinet, User, UserList, UserListQuery, UserPatchBody, UserPostBody } from '@vitrine/core';
import { api } from '../../api/client';

export type UsersQuery = Partial<UserListQuery>;
/** GET /api/user. */
export type UsersPage = z.output<typeof UserList>;

/** POST /api/user/post: a user (an owner without a cabinet gets a new one). */
export const createUser = (body: UserPostBody) => api<User>('/user/post', { method: 'POST', body });

/** POST /api/user/patch/:id. */
export const patchUser = (id: number, body: UserPatchBody) =>
  api<User>(`/user/patch/${id}`, { method: 'POST', body });

export const useUsers = (query: UsersQuery) =>
  useQuery({
    queryKey: ['users', query],
    queryFn: () => api<UsersPage>('/user', { query: { ...query } }),
    placeholderData: keepPreviousData,
  });

export const useUser = (id: number) =>
  useQuery({ queryKey: ['users', id], queryFn: () => api<User>(`/user/${id}`) });

export const useCabinets = () =>
  useQuery({
    queryKey: ['cabinets'],
    queryFn: () => api<{ cabinets: Cabinet[]; total: number }>('/cabinet', { query: { limit: 1000 } }),
  });
