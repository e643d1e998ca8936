import { useQuery } from '@tanstack/react-query';
import type { Account, CabinetInfo } from '@vitrine/core';
import { api } from '../../api/client';

export const ACCOUNT_KEY = ['account'] as const;
export const MEMBERS_KEY = ['cabinet', 'info'] as const;

export const useAccount = () =>
  useQuery({ queryKey: ACCOUNT_KEY, queryFn: () => api<Account>('/user/account') });
export const useCabinetInfo = () =>
  useQuery({ queryKey: MEMBERS_KEY, queryFn: () => api<CabinetInfo>('/cabinet/info') });
