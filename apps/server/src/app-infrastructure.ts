import { join } from 'node:path';
import type { Log } from './app-types.js';
import { parseCidr, type Config } from './config.js';
import { asCabinetId, type CabinetId } from './db/cabinet-id.js';
import type { DatabaseHandle } from './db/client.js';
import { createRepositories, createTransact, type Repositories, type Transact } from './db/repositories.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { PasswordHasher } from './lib/password.js';
import { refusalExcept, type SafeFetchOptions } from './lib/safe-fetch.js';
import { UrlSigner } from './lib/signer.js';
import type { Storage } from './lib/storage.js';
import { createStorage } from './lib/storage-s3.js';
import { FailureThrottle } from './lib/throttle.js';
import { randomToken } from './lib/tokens.js';
import { STOCK_CABINET_KEY } from './modules/media/stock.js';
import { DeviceTokens } from './modules/point/device-tokens.js';
import { Fleet } from './modules/point/fleet.js';

/** What the modules are built over: the database, files, mail, secrets, the fleet of screens, the log. */
export interface Infrastructure {
  config: Config;
  database: DatabaseHandle;
  repos: Repositories;
  transact: Transact;
  hasher: PasswordHasher;
  throttle: FailureThrottle;
  mailer: Mailer;
  storage: Storage;
  signer: UrlSigner;
  /**
   * Every call made on a user's behalf (imports, trackers) refuses private and own addresses, but those
   * the operator allows (OUTBOUND_ALLOW); tests may set their own policy.
   */
  outbound: SafeFetchOptions;
  tmpDir: string;
  /** The screens connected to this process, joined to every other process through the bus (db/bus.ts). */
  fleet: Fleet;
  /** Which screen a device token belongs to, kept in memory until the database announces otherwise. */
  devices: DeviceTokens;
  /** The cabinet that holds the stock library, if it was made. */
  stockCabinetId: () => Promise<CabinetId | undefined>;
  /** Secrets made once per installation and kept in settings. */
  secrets: { accessToken: string; deviceMark: string; botCheck: string; telegramWebhook: string };
  log: Log;
  warn: (message: string) => void;
  info: (message: string) => void;
  /** Registers what is stopped when the server closes. */
  onClose: (stop: () => Promise<unknown>) => void;
}

export interface InfrastructureDeps {
  config: Config;
  database: DatabaseHandle;
  mailer?: Mailer;
  storage?: Storage;
  fetchPolicy?: SafeFetchOptions;
}

type Hooks = Pick<Infrastructure, 'log' | 'warn' | 'info' | 'onClose'>;

/** Makes (or reads) the installation's secrets, kept in settings. */
async function installationSecrets(repos: Repositories, config: Config) {
  const settings = repos.settings;
  return {
    accessToken: await settings.getOrInit('access_token_secret', () => randomToken()),
    media: await settings.getOrInit('media_url_secret', () => randomToken()),
    deviceMark: await settings.getOrInit('device_mark_secret', () => randomToken()),
    telegramWebhook:
      config.telegram?.webhookSecret ??
      (await settings.getOrInit('telegram_webhook_secret', () => randomToken())),
    botCheck: await settings.getOrInit('bot_check_secret', () => randomToken()),
  };
}

/** The repositories, secrets, mail, file storage and the fleet, before any module is built. */
export async function buildInfrastructure(deps: InfrastructureDeps, hooks: Hooks): Promise<Infrastructure> {
  const { config, database } = deps;
  const repos = createRepositories(database.db);
  const { media: mediaSecret, ...secrets } = await installationSecrets(repos, config);
  const fleet = new Fleet({
    database,
    points: repos.points,
    commands: repos.pointCommands,
    ...config.fleet,
    log: hooks.log,
  });
  await fleet.start();
  hooks.onClose(async () => fleet.stop());
  const devices = new DeviceTokens({
    bus: database.bus,
    lookup: async (hash) => (await repos.points.platformDeviceCaller(hash)) ?? null,
    // A screen removed on another process: its socket here closes now rather than at its next call.
    onRemoved: (ids) => ids.forEach((id) => fleet.disconnect(id)),
  });
  await devices.start();
  hooks.onClose(async () => devices.stop());
  return {
    ...hooks,
    config,
    database,
    repos,
    transact: createTransact(database.db),
    hasher: new PasswordHasher(config.passwordCost),
    throttle: new FailureThrottle(repos.failures),
    mailer:
      deps.mailer ??
      createMailer({
        ...(config.smtpUrl ? { smtpUrl: config.smtpUrl } : {}),
        from: config.mailFrom,
        outboxDir: join(config.dataDir, 'outbox'),
        log: hooks.info,
      }),
    storage: deps.storage ?? createStorage(config),
    signer: new UrlSigner(mediaSecret),
    outbound: {
      // Config refused any entry that is not an address or a range, so none is dropped here.
      isBlocked: refusalExcept(config.outboundAllow.map(parseCidr).filter((range) => range !== null)),
      ...deps.fetchPolicy,
    },
    tmpDir: join(config.dataDir, 'tmp'),
    fleet,
    devices,
    stockCabinetId: async () => {
      const id = await repos.settings.get(STOCK_CABINET_KEY);
      return id ? asCabinetId(Number(id)) : undefined;
    },
    secrets,
  };
}
