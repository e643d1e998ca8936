import type { FailureRepository } from '../modules/system/failure.repository.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit hands a store's `child`: the route's merged options. */
interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * @fastify/rate-limit's store over the database's counters (`failure_counters`, as the sign-in
 * throttle): every server process counts into the same rows, so N processes allow the documented rate
 * once, not N times. Each route counts apart (its method and path lead the key), as the default
 * in-memory store does. Answers the store class the plugin instantiates.
 */
export function databaseRateStore(counters: Pick<FailureRepository, 'hit'>) {
  return class DatabaseRateStore {
    constructor(
      _params: unknown,
      readonly scope = 'rate:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      counters.hit(`${this.scope}${key}`, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // Typed by the plugin as the route's options; it passes its merged options with `routeInfo`.
    child(params: object): DatabaseRateStore {
      const route = (params as RouteParams).routeInfo;
      const method = [route?.method ?? ''].flat().join(',');
      return new DatabaseRateStore(params, `rate:${method} ${route?.url ?? ''}:`);
    }
  };
}
