import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Cabinet, Role, User } from '@vitrine/core';
import { api } from '../../api/client';

export interface UsersQuery {
  page: number;
  limit: number;
  search?: string;
  role?: Role;
}

export const useUsers = (query: UsersQuery) =>
  useQuery({
    queryKey: ['users', query],
    queryFn: () => api<{ users: User[]; total: number }>('/user', { query: { ...query } }),
    placeholderData: keepPreviousData,
  });

export const useUser = (id: number) =>
  useQuery({ queryKey: ['users', id], queryFn: () => api<User>(`/user/${id}`) });

export const useCabinets = () =>
  useQuery({
    queryKey: ['cabinets'],
    queryFn: () => api<{ cabinets: Cabinet[]; total: number }>('/cabinet', { query: { limit: 1000 } }),
  });
