import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fundsApi, type LedgerReason, type Tariff } from '@vitrine/core';
import { areaKey, call, keyOf } from '../../api/contract';

/** Ledger rows per page. */
export const LEDGER_PAGE = 20;

/** GET /api/funds: balance, runway, tariff and the tariffs to switch to. */
export const useFunds = () =>
  useQuery({ queryKey: keyOf(fundsApi.get, {}), queryFn: () => call(fundsApi.get) });

/** GET /api/funds/ledger, a page at a time, by reason. */
export function useLedger(page: number, reason: LedgerReason | undefined) {
  const query = { page, limit: LEDGER_PAGE, ...(reason ? { reason } : {}) };
  return useQuery({
    queryKey: keyOf(fundsApi.ledger, { query }),
    queryFn: () => call(fundsApi.ledger, { query }),
  });
}

/** Everything under /api/funds, asked again (after a switch or a payment). */
export function useFundsRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: areaKey(fundsApi.get) });
}

export const switchTariff = (tariff: Tariff) => call(fundsApi.switchTariff, { body: { tariff } });

export const startRecharge = (amount: number) => call(fundsApi.recharge, { body: { amount } });

/** GET /api/funds/payment: asked until the provider's webhook has landed. */
export const usePayment = (session: string | undefined) =>
  useQuery({
    queryKey: keyOf(fundsApi.payment, { query: { session: session ?? '' } }),
    queryFn: () => call(fundsApi.payment, { query: { session: session ?? '' } }, { silent: true }),
    enabled: Boolean(session),
    refetchInterval: (query) => (query.state.data?.status === 'paid' ? false : 2000),
  });

/** Invoices per page. */
export const INVOICE_PAGE = 10;

/** GET /api/funds/invoices: the numbered invoices of money paid in. */
export function useInvoices(page: number) {
  const query = { page, limit: INVOICE_PAGE };
  return useQuery({
    queryKey: keyOf(fundsApi.invoices, { query }),
    queryFn: () => call(fundsApi.invoices, { query }),
  });
}
