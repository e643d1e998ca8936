import { localDate } from '@vitrine/core';
import Fastify, { type FastifyServerOptions } from 'fastify';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildInfrastructure, type Infrastructure } from './app-infrastructure.js';
import { buildModules, type Modules } from './app-modules.js';
import { registerPlugins } from './app-plugins.js';
import type { App, Module } from './app-types.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import type { Repositories } from './db/repositories.js';
import { logSerializers } from './lib/log.js';
import { checkSerialisedBodies } from './lib/route.js';
import type { Mailer } from './lib/mailer.js';
import type { SafeFetchOptions } from './lib/safe-fetch.js';
import type { Storage } from './lib/storage.js';
import { billingGuard } from './modules/billing/billing.guard.js';
import { sweepLeftovers } from './modules/media/leftovers.js';
import { accessPlugin, type RouteAccess } from './plugins/access.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerSpa } from './plugins/spa.js';

/** Finished tracker deliveries are kept this long for support questions, then swept. */
const TRACKER_KEEP_DAYS = 7;
/** A day's content shortfall reports are kept this long (they only keep a report from repeating). */
const SHORTFALL_KEEP_DAYS = 7;

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  mailer?: Mailer;
  storage?: Storage;
  fetchPolicy?: SafeFetchOptions;
  logger?: FastifyServerOptions['logger'];
  /** Hold every answer sent as JSON text built already to its response schema (the tests do). */
  checkSerialised?: boolean;
}

/**
 * Every module buildModules made, in the order it made them: their routes are registered so (each in its
 * own scope) and their services are `BuiltApp.services`. Adding a module is its folder and its factory's
 * one call in `app-modules.ts`: nothing here names it.
 */
function registered(m: Modules): Module<object>[] {
  return Object.values(m);
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;

/** Every module's services in one record (the timed work and the tests call them by name). */
export type Services = UnionToIntersection<Modules[keyof Modules]['services']>;

function servicesOf(modules: readonly Module<object>[]): Services {
  const services = {};
  for (const module of modules) Object.assign(services, module.services);
  // Each module's own record, merged: the type above is what the merge holds.
  return services as Services;
}

export interface BuiltApp {
  app: App;
  services: Services;
  repos: Repositories;
  /** Every /api route with the access it declares: the source of the role-matrix tests. */
  routes: RouteAccess[];
  /** Sweeps what expires (main runs it hourly); answers how many of each it removed. */
  maintain(): Promise<Record<string, number>>;
  /** Where file bytes live (main checks that every process shares it). */
  storage: Storage;
}

/** The Fastify instance: zod schemas, the error handler, and the log. */
function createServer(deps: AppDeps): App {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel, serializers: logSerializers },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Never echo a stack trace, even from Fastify's own default paths.
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First of the onSend hooks: it reads the text before compression does.
  if (deps.checkSerialised) checkSerialisedBodies(app);
  registerErrorHandler(app);
  return app;
}

/** Assembles the server: infrastructure, the modules over it, the plugins, then every module's routes. */
export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config } = deps;
  const app = createServer(deps);
  const infra = await buildInfrastructure(deps, {
    log: (message, error) => app.log.warn({ err: error }, message),
    warn: (message) => app.log.warn(message),
    info: (message) => app.log.info(message),
    onClose: (stop) => app.addHook('onClose', async () => void (await stop())),
  });
  const modules = await buildModules(infra);
  const services = servicesOf(registered(modules));

  await registerPlugins(app, config, infra.repos.failures);
  const routes: RouteAccess[] = [];
  await app.register(accessPlugin, {
    auth: services.auth,
    devices: services.pairing,
    brandRules: config.brandRules,
    registry: routes,
  });
  app.addHook('onRequest', billingGuard(services.billing.policy).onRequest);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  for (const module of registered(modules)) {
    for (const plugin of module.routes) {
      await app.register(async (scope) => plugin(scope.withTypeProvider<ZodTypeProvider>()));
    }
  }
  await registerSpa(app, config.webDir, config.playerDir);
  const maintain = () => maintenance(infra, modules.media.uploads);
  return { app, services, repos: infra.repos, routes, maintain, storage: infra.storage };
}

/** The hourly sweep: expired failure counters, and what interrupted uploads left behind. */
async function maintenance(
  { repos, tmpDir }: Infrastructure,
  uploads: Modules['media']['uploads'],
): Promise<Record<string, number>> {
  return {
    failureCounters: await repos.failures.sweep(),
    registrations: await repos.credentials.platformSweepRegistrations(new Date()),
    usedBotChecks: await repos.botChecks.platformSweep(),
    shortfallAlerts: await repos.messenger.platformSweepShortfall(
      localDate('UTC', Date.now() - SHORTFALL_KEEP_DAYS * 86_400_000),
    ),
    trackerDeliveries: await repos.trackers.platformSweep(TRACKER_KEEP_DAYS),
    ...(await sweepLeftovers({ quota: uploads.quota, tusStore: uploads.tusStore, tmpDir })),
  };
}
