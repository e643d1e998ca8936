import { useCallback, useMemo } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { z } from 'zod';

type Shape = Record<string, z.ZodType>;

/**
 * A route's `validateSearch` for a list page: every key the list's query schema (the one the server
 * validates that list's query with, from packages/core) knows is checked field by field with that
 * schema, and a wrong one is dropped rather than failing the page. Defaults are not filled in, so the
 * address holds only what a person chose. `extra` reads keys of the page's own (a dialog to open).
 */
export function listSearch<S extends z.ZodObject<Shape>, E extends object = object>(
  schema: S,
  extra: (search: Record<string, unknown>) => E = () => ({}) as E,
) {
  return (search: Record<string, unknown>): Partial<z.output<S>> & E => {
    const kept: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(schema.shape)) {
      const value = search[key];
      if (value === undefined || value === '') continue;
      // The router reads `?search=123` as a number and `?pending=true` as a boolean: try the text too.
      const parsed = field.safeParse(value);
      const result = parsed.success || typeof value === 'string' ? parsed : field.safeParse(String(value));
      if (result.success && result.data !== undefined) kept[key] = result.data;
    }
    return { ...(kept as Partial<z.output<S>>), ...extra(search) };
  };
}

/**
 * A list route's `validateSearch`: the address's keys as they are, typed by the list's query (`Q`, the
 * output of its schema in packages/core). The route tree is on the first page, so it checks nothing with
 * zod there: the page checks the keys (`useListSearch`), with the schema its own chunk brings.
 */
export const listAddress =
  <Q extends object>() =>
  (search: Record<string, unknown>): Partial<Q> =>
    search as Partial<Q>;

/**
 * A list page's filters and paging as the address holds them, checked with the list's schema
 * (`listSearch`: a wrong key is dropped), and a way to change them: a replace (the back button leaves the
 * page), empty values and wrong keys dropped, and any change but the page's own going back to the first
 * page. `extra` (a module-level function, so the check is not redone each render) reads the page's own keys.
 */
export function useListSearch<S extends z.ZodObject<Shape>, E extends object = object>(
  schema: S,
  extra?: (search: Record<string, unknown>) => E,
) {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const check = useMemo(() => listSearch(schema, extra), [schema, extra]);
  const search = useMemo(() => check(raw), [check, raw]);
  const navigate = useNavigate();
  const update = useCallback(
    (patch: Partial<z.output<S>> & Partial<E>) => {
      const next = (previous: Record<string, unknown>): Record<string, unknown> => {
        const merged: Record<string, unknown> = {
          ...check(previous),
          ...('page' in patch ? {} : { page: undefined }),
          ...patch,
        };
        if (merged.page === 1) merged.page = undefined;
        return Object.fromEntries(
          Object.entries(merged).filter(([, value]) => value !== undefined && value !== null && value !== ''),
        );
      };
      void navigate({ to: '.', search: next, replace: true });
    },
    [navigate, check],
  );
  return { search, update };
}
