import { methodOf, pathOf, type RouteContract, type RouteInput, type RouteOutput } from '@vitrine/core';
import { api, type ApiOptions } from './client';

/** Options of a call a contract does not describe: silence, raw bytes, extra headers, a success's words. */
export type CallOptions = Pick<ApiOptions, 'silent' | 'file' | 'headers' | 'successText'>;

type Query = NonNullable<ApiOptions['query']>;

/** Inputs may be left out altogether when the route takes none. */
type Args<C extends RouteContract> =
  RouteInput<C> extends { params?: undefined; query?: undefined; body?: undefined }
    ? [input?: RouteInput<C>, options?: CallOptions]
    : [input: RouteInput<C>, options?: CallOptions];

/**
 * Calls a route through its contract in packages/core: the path, method, input and answer are the ones
 * the server registers, so a changed response breaks the build, not the page.
 */
export function call<C extends RouteContract>(
  contract: C,
  ...[input, options]: Args<C>
): Promise<RouteOutput<C>> {
  return api<RouteOutput<C>>(
    pathOf(contract, input?.params as Record<string, unknown>).replace(/^\/api/, ''),
    {
      method: methodOf(contract) as NonNullable<ApiOptions['method']>,
      ...(input?.query ? { query: input.query as Query } : {}),
      ...(input?.body !== undefined ? { body: input.body } : {}),
      ...options,
    },
  );
}

/**
 * The query key of a call: its area first (the contract's tag), so one invalidation reaches every query
 * of that area, then the path and the input. `view` tells apart two caches of the same call (a silent
 * picker's copy, a chart's reshaped one).
 */
export function keyOf<C extends RouteContract>(
  contract: C,
  input?: Partial<RouteInput<C>>,
  view?: string,
): readonly unknown[] {
  return [
    contract.tags[0] ?? contract.path,
    contract.path,
    ...(input ? [input] : []),
    ...(view ? [view] : []),
  ];
}

/** The key prefix of every query of an area: what a mutation there invalidates. */
export const areaKey = (contract: RouteContract): readonly unknown[] => [contract.tags[0] ?? contract.path];
