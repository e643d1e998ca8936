import type { z } from 'zod';
import type { AccessKey } from '../roles.js';
import type { Feature } from '../billing/tariffs.js';

/** A route's billing demand (see RouteContract.billing). */
export type RouteBilling = 'spends' | 'screen' | { readonly feature: Feature };

/**
 * What a route demands of its caller (docs/ARCHITECTURE.md, "A request"):
 * - 'public': anyone;
 * - 'user': any signed-in user;
 * - a permission key or an ability: a signed-in user whose role holds it (spec §6, roles.ts ABILITIES);
 * - 'device': a paired screen, by its device token, for its own calls only.
 */
export type Access = 'public' | 'user' | 'device' | AccessKey;

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'HEAD';

type Schema = z.ZodType;

/**
 * One route, described once: the server registers it from this (path, access, validation, OpenAPI,
 * serialisation) and the web calls it through a client typed by it. A changed response breaks the build
 * of whoever reads the field, not the page at run time.
 */
export interface RouteContract {
  readonly method: HttpMethod | readonly HttpMethod[];
  readonly path: string;
  readonly access: Access;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params?: Schema;
  readonly query?: Schema;
  readonly body?: Schema;
  readonly headers?: Schema;
  /** The 200 answer; other statuses by code. No response: the route streams bytes or a protocol. */
  readonly response?: Schema;
  readonly responses?: Readonly<Record<number, Schema>>;
  /**
   * What the route costs in billing terms (docs/billing.md, "Lock"): 'spends' is refused while the cabinet
   * is locked (it costs money or changes what screens play); 'screen' adds a screen, so the tariff's
   * limit and the balance for its day are checked too; `{ feature }` needs a tariff that opens it (and
   * spends).
   */
  readonly billing?: RouteBilling;
}

/** Identity with a precise type: keeps each schema's own type for the server and the web client. */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

/** A table of routes under one tag. */
export function defineRoutes<const T extends Record<string, RouteContract>>(routes: T): T {
  return routes;
}

type Infer<S> = S extends Schema ? z.infer<S> : undefined;
type InputOf<S> = S extends Schema ? z.input<S> : undefined;

/** What a caller sends: the route's params, query and body, as their schemas accept them. */
export type RouteInput<C extends RouteContract> = (C['params'] extends Schema
  ? { params: InputOf<C['params']> }
  : { params?: undefined }) &
  (C['query'] extends Schema ? { query: InputOf<C['query']> } : { query?: undefined }) &
  (C['body'] extends Schema ? { body: InputOf<C['body']> } : { body?: undefined });

/** What the route answers with 200, as its schema serialises it. */
export type RouteOutput<C extends RouteContract> = Infer<C['response']>;

/** The first method of a route: the one a client uses. */
export function methodOf(contract: RouteContract): HttpMethod {
  return typeof contract.method === 'string' ? contract.method : (contract.method[0] ?? 'GET');
}

/**
 * The path with its `:name` parameters filled in (each value encoded); a missing one throws, since it
 * means the caller built a request the route cannot take.
 */
export function pathOf(contract: RouteContract, params?: Record<string, unknown>): string {
  return contract.path.replace(/:([A-Za-z_]\w*)|\*/g, (whole, name: string | undefined) => {
    const key = name ?? '*';
    const value = params?.[key];
    if (value === undefined || value === null) throw new Error(`${contract.path}: no value for ${whole}`);
    return key === '*' ? String(value) : encodeURIComponent(String(value));
  });
}
