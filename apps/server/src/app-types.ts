import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The Fastify instance every route module receives: zod-typed schemas. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A route module bound to the services it serves: each is registered in its own encapsulated scope. */
export type RoutePlugin = (app: App) => Promise<void>;

/**
 * What a module's factory (`modules/<m>/index.ts`) answers: the services it made (other modules and the
 * timed work call them) and its routes. The factory takes only the dependencies it names.
 */
export interface Module<S extends object> {
  services: S;
  routes: RoutePlugin[];
}

/** A warning with its cause, as the modules log it (the app's logger at level warn). */
export type Log = (message: string, error?: unknown) => void;
