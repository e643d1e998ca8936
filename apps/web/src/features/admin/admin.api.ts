import { useQuery } from '@tanstack/react-query';
import {
  adminApi,
  type LedgerReason,
  type ManualReason,
  type Tariff,
  type TariffPlanInput,
} from '@vitrine/core';
import { call, keyOf } from '../../api/contract';

/** GET /api/admin/cabinets: customer cabinets with tariff, screens, balance, runway and state. */
export function useAdminCabinets(page: number, search: string) {
  const query = { page, limit: 20, ...(search ? { search } : {}) };
  return useQuery({
    queryKey: keyOf(adminApi.cabinets, { query }),
    queryFn: () => call(adminApi.cabinets, { query }),
  });
}

/** GET /api/admin/cabinets/:id/ledger. */
export function useAdminLedger(id: number, page: number, reason?: LedgerReason) {
  const query = { page, limit: 20, ...(reason ? { reason } : {}) };
  return useQuery({
    queryKey: keyOf(adminApi.ledger, { params: { id }, query }),
    queryFn: () => call(adminApi.ledger, { params: { id }, query }),
  });
}

export const recordEntry = (id: number, body: { reason: ManualReason; amount: number; note: string }) =>
  call(adminApi.entry, { params: { id }, body });

export interface TermsChange {
  tariff?: Tariff;
  nonCommercialPercent?: number;
  yearlyUntil?: string | null;
  blocked?: boolean;
  note?: string;
}

export const changeTerms = (id: number, body: TermsChange) => call(adminApi.terms, { params: { id }, body });

/** GET /api/admin/tariffs: the tariff table with the cabinets on each tariff. */
export function useAdminTariffs() {
  return useQuery({ queryKey: keyOf(adminApi.tariffs, {}), queryFn: () => call(adminApi.tariffs, {}) });
}

/** GET /api/admin/tariffs/history: the edits of the tariff table, newest first. */
export function useTariffHistory(page: number) {
  const query = { page, limit: 10 };
  return useQuery({
    queryKey: keyOf(adminApi.tariffHistory, { query }),
    queryFn: () => call(adminApi.tariffHistory, { query }),
  });
}

export const saveTariff = (body: TariffPlanInput) => call(adminApi.saveTariff, { body });

export const removeTariff = (tariff: Tariff, note?: string) =>
  call(adminApi.removeTariff, { body: { tariff, ...(note ? { note } : {}) } });

/** GET /api/admin/cabinets/:id/invoices. */
export function useAdminInvoices(id: number, page: number) {
  const query = { page, limit: 10 };
  return useQuery({
    queryKey: keyOf(adminApi.invoices, { params: { id }, query }),
    queryFn: () => call(adminApi.invoices, { params: { id }, query }),
  });
}

/** POST /api/admin/tariffs/default: the tariff new cabinets start on. */
export const setDefaultTariff = (tariff: Tariff) => call(adminApi.defaultTariff, { body: { tariff } });
