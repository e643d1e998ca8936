/**
 * The statistics pages' filters as they live in the address: from and to (YYYY-MM-DD, the screens' own
 * calendar days) and comma-separated ids of screens, networks, playlists and files. Pure functions, so
 * the router's validateSearch, the pages and the tests share them.
 */

import { STATISTIC_MAX_PAGE, STATISTIC_PAGE_SIZES } from '@vitrine/core';

export interface StatFilters {
  from: string;
  to: string;
  points?: number[];
  nets?: number[];
  playlists?: number[];
  files?: number[];
}

export const ID_FILTERS = ['points', 'nets', 'playlists', 'files'] as const;
export type IdFilter = (typeof ID_FILTERS)[number];

export const PRESETS = ['today', '7d', '30d', '90d'] as const;
export type Preset = (typeof PRESETS)[number];
const PRESET_DAYS: Record<Preset, number> = { today: 1, '7d': 7, '30d': 30, '90d': 90 };

/** At most this many ids of one kind travel in an address. */
const MAX_IDS = 500;

const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar day on this browser's clock as YYYY-MM-DD. */
export const isoDay = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The day `days` after (or before) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return isoDay(new Date(y, m - 1, d + days));
}

/** A preset's days, ending today: 'today' is one day, '7d' today and the six before it. */
export function presetRange(preset: Preset, today: Date = new Date()): { from: string; to: string } {
  const to = isoDay(today);
  return { from: addDays(to, 1 - PRESET_DAYS[preset]), to };
}

/** Which preset a range is, if it is one. */
export function presetOf(filters: Pick<StatFilters, 'from' | 'to'>, today: Date = new Date()): Preset | null {
  return (
    PRESETS.find((p) => {
      const r = presetRange(p, today);
      return r.from === filters.from && r.to === filters.to;
    }) ?? null
  );
}

const isDay = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** '3,5,x,5' -> [3, 5]; a number alone (one id) is accepted too. */
export function parseIds(value: unknown): number[] | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  const ids = [
    ...new Set(
      text
        .split(',')
        .map((part) => Number(part.trim()))
        .filter((n) => Number.isInteger(n) && n > 0 && n <= 2147483647),
    ),
  ].slice(0, MAX_IDS);
  return ids.length ? ids : undefined;
}

/**
 * The filters from an address's search: unknown or malformed values fall back to the last 7 days and no
 * id filters; a range given backwards is put the right way round.
 */
export function readFilters(search: Record<string, unknown>, today: Date = new Date()): StatFilters {
  const fallback = presetRange('7d', today);
  let from = isDay(search.from) ? search.from : fallback.from;
  let to = isDay(search.to) ? search.to : isDay(search.from) ? search.from : fallback.to;
  if (from > to) [from, to] = [to, from];
  const filters: StatFilters = { from, to };
  for (const key of ID_FILTERS) {
    const ids = parseIds(search[key]);
    if (ids) filters[key] = ids;
  }
  return filters;
}

/** The filters as an API query (and an address's search): ids joined by commas, empty ones left out. */
export function filtersQuery(filters: StatFilters): { from: string; to: string } & FilterSearch {
  const query: { from: string; to: string } & FilterSearch = { from: filters.from, to: filters.to };
  for (const key of ID_FILTERS) {
    const ids = filters[key];
    if (ids?.length) query[key] = ids.join(',');
  }
  return query;
}

/** The filters as the router keeps them in the search: ids as comma-separated strings. */
export type FilterSearch = Partial<Record<'from' | 'to' | IdFilter, string>>;
export const toSearch = (filters: StatFilters): FilterSearch => filtersQuery(filters);

/**
 * The search a statistics route keeps: only what is present and valid (every key optional, so plain links
 * to the page need none); the page fills the rest (the last 7 days) with readFilters.
 */
export function validateFilterSearch(search: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  const read = readFilters(search);
  if (typeof search.from === 'string' && search.from === read.from) out.from = read.from;
  if (typeof search.to === 'string' && search.to === read.to) out.to = read.to;
  for (const key of ID_FILTERS) {
    const ids = parseIds(search[key]);
    if (ids) out[key] = ids.join(',');
  }
  return out;
}

/** The list's page and page size as the address keeps them: a page past the first, a size other than 10. */
export interface ListPaging {
  page: number;
  limit: number;
}

export function readListPaging(search: Record<string, unknown>): ListPaging {
  const limit = Number(search.limit);
  const page = Number(search.page);
  return {
    limit: (STATISTIC_PAGE_SIZES as readonly number[]).includes(limit) ? limit : STATISTIC_PAGE_SIZES[0],
    page: Number.isInteger(page) && page >= 1 && page <= STATISTIC_MAX_PAGE ? page : 1,
  };
}

/**
 * The search keys of `readListPaging`, only where they differ from the first page of 10; numbers, so the
 * address reads `?page=2&limit=100`.
 */
export function listPagingSearch(search: Record<string, unknown>): Partial<ListPaging> {
  const { page, limit } = readListPaging(search);
  return {
    ...(page > 1 ? { page } : {}),
    ...(limit !== STATISTIC_PAGE_SIZES[0] ? { limit } : {}),
  };
}
