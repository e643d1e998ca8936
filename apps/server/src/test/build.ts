import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type Services } from '../app.js';
import type { App } from '../app-types.js';
import { loadConfig, type Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { createRepositories, createTransact, type Repositories } from '../db/repositories.js';
import type { Mail, Mailer } from '../lib/mailer.js';
import { PasswordHasher } from '../lib/password.js';
import { ensurePlatformAdmin } from '../modules/system/bootstrap.service.js';
import type { RouteAccess } from '../plugins/access.js';
import type { SafeFetchOptions } from '../lib/safe-fetch.js';
import { openTestDatabase } from './database.js';

export const ADMIN_PASSWORD = 'Admin-pass-1!';

/** Keeps every message in memory so a test can read the link it carries. */
export class MemoryMailer implements Mailer {
  readonly sent: Mail[] = [];
  async send(mail: Mail): Promise<void> {
    this.sent.push(mail);
  }
  lastTo(address: string): Mail | undefined {
    return [...this.sent].reverse().find((m) => m.to === address);
  }
}

export interface TestApp {
  app: App;
  services: Services;
  repos: Repositories;
  database: DatabaseHandle;
  config: Config;
  mailer: MemoryMailer;
  hasher: PasswordHasher;
  routes: RouteAccess[];
  /** The hourly sweep, run now. */
  maintain(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

/** The real app on a fresh database, with a platform admin, a memory mailer and cheap password hashing. */
export async function buildTestApp(
  env: Record<string, string> = {},
  extra: { fetchPolicy?: SafeFetchOptions; database?: DatabaseHandle } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vitrine-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIR: join(dataDir, 'web'),
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD,
    PASSWORD_MEMORY_COST: '1024',
    PASSWORD_TIME_COST: '1',
    PUBLIC_FORM_RATE: '1000',
    // The dashboard answers once fullness is planned (one thread per test app), so figures are whole.
    FULLNESS_WAIT_MS: '60000',
    FULLNESS_WORKERS: '1',
    // Billing is on in the product; the tests of other areas run without its limits (billing's own
    // tests turn it on), and no test waits on the hourly charge.
    BILLING: 'off',
    BILLING_CHARGE_CHECK_SECONDS: '0',
    // No bot check unless a test asks for one (botcheck.test.ts).
    BOT_CHECK: 'off',
    ...env,
  });
  // Another process of the same installation opens its own handle on another app's database.
  const { database: shared, ...options } = extra;
  const database = shared ?? (await openTestDatabase());
  const hasher = new PasswordHasher(config.passwordCost);
  await ensurePlatformAdmin(createTransact(database.db), hasher, config.admin);
  const mailer = new MemoryMailer();
  const { app, services, routes, maintain } = await buildApp({
    config,
    database,
    mailer,
    logger: false,
    checkSerialised: true,
    ...options,
  });
  await app.ready();
  return {
    app,
    services,
    repos: createRepositories(database.db),
    database,
    config,
    mailer,
    hasher,
    routes,
    maintain,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

/** app.inject with a bearer token and a JSON body. */
export async function call(
  app: App,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    ...(options.query ? { query: options.query } : {}),
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}
