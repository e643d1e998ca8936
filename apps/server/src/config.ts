import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BILLING_SETTINGS, billingConfig } from './modules/billing/billing.config.js';
import { brandConfig, brandRules } from './config/brand.js';
import { CheckedEnv, Env, type EnvValues } from './config/env.js';
import { botCheckSettings, oidcSettings, s3Settings, telegramSettings } from './config/integrations.js';
import { outboundList } from './config/network.js';
import { publicUrlWarnings } from './config/public-url.js';
import type { Config } from './config/types.js';

export type { Config, S3Config } from './config/types.js';
export { parseCidr } from './config/network.js';
export { MAX_TILE_ZOOM, TILE_EXTENSIONS, describeTilesDir } from './config/map.js';

/** Every environment variable the server reads: the README's settings table lists exactly these. */
export const SETTING_NAMES: readonly string[] = [...Object.keys(Env.shape), ...BILLING_SETTINGS];

const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));
const DEFAULT_PLAYER_DIR = fileURLToPath(new URL('../../player/dist', import.meta.url));
const DEFAULT_PLAYERS_DIR = fileURLToPath(new URL('../../../players/dist', import.meta.url));

/** What start-up should say loudly about the settings (main prints them). */
export const configWarnings = (config: Pick<Config, 'warnings'>): string[] => config.warnings;

/** Where the server listens, what it serves and how it logs. */
function serverSettings(
  e: EnvValues,
): Pick<
  Config,
  | 'port'
  | 'processes'
  | 'host'
  | 'dataDir'
  | 'databaseUrl'
  | 'webDir'
  | 'playerDir'
  | 'playersDir'
  | 'logLevel'
  | 'trustProxy'
> {
  return {
    port: e.PORT,
    processes: e.PROCESSES,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    ...(e.DATABASE_URL ? { databaseUrl: e.DATABASE_URL } : {}),
    webDir: e.WEB_DIR ? resolve(e.WEB_DIR) : DEFAULT_WEB_DIR,
    playerDir: e.PLAYER_DIR ? resolve(e.PLAYER_DIR) : DEFAULT_PLAYER_DIR,
    playersDir: e.PLAYERS_DIR ? resolve(e.PLAYERS_DIR) : DEFAULT_PLAYERS_DIR,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
  };
}

/** Sign-in, sessions, the first admin, mail and the limits on public forms and pairing. */
function accountSettings(
  e: EnvValues,
): Pick<
  Config,
  | 'accessTokenTtl'
  | 'refreshTokenTtl'
  | 'admin'
  | 'smtpUrl'
  | 'mailFrom'
  | 'loginThrottle'
  | 'publicFormRate'
  | 'pairingRate'
  | 'bindFailures'
  | 'passwordCost'
> {
  return {
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    admin: {
      login: e.ADMIN_LOGIN,
      ...(e.ADMIN_PASSWORD ? { password: e.ADMIN_PASSWORD } : {}),
      ...(e.ADMIN_EMAIL ? { email: e.ADMIN_EMAIL } : {}),
    },
    ...(e.SMTP_URL ? { smtpUrl: e.SMTP_URL } : {}),
    mailFrom: e.MAIL_FROM,
    loginThrottle: {
      perLogin: e.LOGIN_FAILURES_PER_LOGIN,
      perAddress: e.LOGIN_FAILURES_PER_ADDRESS,
      perAccount: e.LOGIN_FAILURES_PER_ACCOUNT,
      windowSeconds: e.LOGIN_FAILURE_WINDOW,
    },
    publicFormRate: e.PUBLIC_FORM_RATE,
    pairingRate: e.PAIRING_RATE,
    bindFailures: e.BIND_FAILURES,
    passwordCost: { memoryCost: e.PASSWORD_MEMORY_COST, timeCost: e.PASSWORD_TIME_COST },
  };
}

/** The timed work, the fleet, uploads and imports: how often, how long, how much. */
function workSettings(
  e: EnvValues,
): Pick<
  Config,
  | 'bodyLimit'
  | 'playlistEndCheckSeconds'
  | 'sspRoundSeconds'
  | 'exportRetentionHours'
  | 'fleet'
  | 'fullness'
  | 'importTimeoutSeconds'
  | 'outboundAllow'
  | 'tusExpiryHours'
  | 'media'
  | 'alerts'
> {
  return {
    bodyLimit: e.BODY_LIMIT,
    playlistEndCheckSeconds: e.PLAYLIST_END_CHECK_SECONDS,
    sspRoundSeconds: e.SSP_ROUND_SECONDS,
    exportRetentionHours: e.EXPORT_RETENTION_HOURS,
    fleet: { flushMs: e.FLEET_FLUSH_MS, pingMs: e.FLEET_PING_MS },
    fullness: {
      workers: e.FULLNESS_WORKERS,
      waitMs: e.FULLNESS_WAIT_MS,
      sweepSeconds: e.FULLNESS_SWEEP_SECONDS,
    },
    importTimeoutSeconds: e.IMPORT_TIMEOUT_SECONDS,
    outboundAllow: outboundList(e.OUTBOUND_ALLOW),
    tusExpiryHours: e.TUS_EXPIRY_HOURS,
    media: { maxFileSize: e.MAX_UPLOAD_SIZE, quota: e.CABINET_QUOTA },
    alerts: { offlineMinutes: e.ALERT_OFFLINE_MINUTES, checkSeconds: e.ALERT_CHECK_SECONDS },
  };
}

/** The settings from the environment, checked: an invalid one stops the start, naming every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = CheckedEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const tilesDir = e.MAP_TILES_DIR ? resolve(e.MAP_TILES_DIR) : undefined;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    warnings: publicUrlWarnings(e, env, publicUrl),
    ...serverSettings(e),
    publicUrl,
    brand: e.BRAND,
    brandConfig: brandConfig(e, tilesDir),
    brandRules: brandRules(e),
    ...accountSettings(e),
    ...workSettings(e),
    ...s3Settings(e),
    ...(tilesDir ? { tilesDir } : {}),
    billing: billingConfig(env),
    ...telegramSettings(e),
    ...oidcSettings(e),
    botCheck: botCheckSettings(e),
  };
}
