import type { IdFilter, StatFilters } from './filters';

/** The filters with one id list set, or dropped when empty (no ids: every one). */
export function withIds(filters: StatFilters, key: IdFilter, value: number[]): StatFilters {
  const next: StatFilters = { ...filters };
  if (value.length) next[key] = value;
  else delete next[key];
  return next;
}

/**
 * The filters with one end of the range set from a date input ('YYYY-MM-DD'; null while half typed). An
 * end set past the other moves the other along, so the range is never reversed.
 */
export function withDay(filters: StatFilters, key: 'from' | 'to', value: string): StatFilters | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const next = { ...filters, [key]: value };
  if (next.from > next.to) {
    if (key === 'from') next.to = value;
    else next.from = value;
  }
  return next;
}
