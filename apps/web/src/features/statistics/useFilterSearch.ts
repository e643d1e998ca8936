import { useCallback, useMemo } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { ID_FILTERS, readFilters, toSearch, type StatFilters } from './filters';

/**
 * The filters in the address and a way to change them (a replace: the back button leaves the page). New
 * filters start again from the first page of a list.
 */
export function useFilterSearch<Extra extends Record<string, unknown>>() {
  const search = useSearch({ strict: false });
  const navigate = useNavigate();
  const filters = useMemo(() => readFilters(search), [search]);
  const setFilters = useCallback(
    (next: StatFilters, extra?: Partial<Extra>) =>
      void navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => {
          const kept = Object.fromEntries(
            Object.entries(previous).filter(([key]) => ![...ID_FILTERS, 'from', 'to', 'page'].includes(key)),
          );
          return { ...kept, ...toSearch(next), ...extra };
        },
        replace: true,
      }),
    [navigate],
  );
  const setExtra = useCallback(
    (extra: Partial<Extra>) =>
      void navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => ({ ...previous, ...extra }),
        replace: true,
      }),
    [navigate],
  );
  return { search, filters, setFilters, setExtra };
}
