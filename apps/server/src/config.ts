import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  BOT_CHECK_KINDS,
  BRANDS,
  BRAND_IDENTITIES,
  type BotCheckKind,
  CABINET_QUOTA_BYTES,
  type BrandConfig,
  type BrandRules,
  type MapConfig,
} from '@vitrine/core';
import { DEFAULT_PASSWORD_COST } from './lib/password.js';
import { BILLING_SETTINGS, billingConfig, type BillingConfig } from './modules/billing/billing.config.js';

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must be a postgres:// URL' })
    .optional(),
  PUBLIC_URL: z.url().optional(),
  WEB_DIR: z.string().optional(),
  PLAYER_DIR: z.string().optional(),
  BRAND: z.enum(BRANDS).default('default'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.stringbool().default(false),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).default(900),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
  ADMIN_LOGIN: z.string().min(3).default('admin'),
  ADMIN_PASSWORD: z.string().optional(),
  ADMIN_EMAIL: z.email().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Vitrine <no-reply@vitrine.local>'),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  LOGIN_FAILURES_PER_LOGIN: z.coerce.number().int().min(1).default(10),
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(100),
  LOGIN_FAILURE_WINDOW: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  PUBLIC_FORM_RATE: z.coerce.number().int().min(1).default(20),
  PLAYLIST_END_CHECK_SECONDS: z.coerce.number().int().min(5).max(86400).default(60),
  /** Seconds between the SSP connector's ad rounds (docs/ssp.md); 0 turns the round off. */
  SSP_ROUND_SECONDS: z.coerce.number().int().min(0).max(86400).default(60),
  EXPORT_RETENTION_HOURS: z.coerce.number().int().min(1).max(8760).default(168),
  TUS_EXPIRY_HOURS: z.coerce.number().int().min(1).max(8760).default(24),
  IMPORT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86400).default(300),
  /**
   * Private addresses (or CIDR ranges) that calls on a user's behalf may reach all the same: an intranet
   * media server or tracker. Comma-separated, e.g. `10.1.2.3,192.168.10.0/24`.
   */
  OUTBOUND_ALLOW: z
    .string()
    .default('')
    .refine((v) => outboundList(v).every((entry) => parseCidr(entry) !== null), {
      error: 'OUTBOUND_ALLOW must list IP addresses or CIDR ranges, separated by commas',
    }),
  PAIRING_RATE: z.coerce.number().int().min(1).max(10000).default(60),
  BIND_FAILURES: z.coerce.number().int().min(1).max(1000).default(10),
  FLEET_FLUSH_MS: z.coerce.number().int().min(50).max(60000).default(5000),
  FLEET_PING_MS: z.coerce.number().int().min(100).max(120000).default(30000),
  /** Worker threads planning broadcast fullness for the dashboard (default: the cores but one, 1 to 4). */
  FULLNESS_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.max(1, Math.min(4, availableParallelism() - 1))),
  FULLNESS_WAIT_MS: z.coerce.number().int().min(0).max(600000).default(1500),
  FULLNESS_SWEEP_SECONDS: z.coerce.number().int().min(5).max(86400).default(60),
  KNOWLEDGE_BASE_URL: z.url().optional(),
  SUPPORT_EMAIL: z.email().optional(),
  SUPPORT_CHAT_SCRIPT_URL: z.url({ protocol: /^https?$/ }).optional(),
  CLARITY_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9]+$/i)
    .optional(),
  IMPRESSIONS_MANAGER_LOGINS: z.string().default(''),
  PLAYER_DOWNLOAD_WINDOWS: z.url().optional(),
  PLAYER_DOWNLOAD_LINUX: z.url().optional(),
  PLAYER_DOWNLOAD_ARM: z.url().optional(),
  PLAYER_DOWNLOAD_ANDROID: z.url().optional(),
  /** The native players' build folder (`npm run build:players`, docs/players.md); served at /downloads/. */
  PLAYERS_DIR: z.string().optional(),
  MAX_UPLOAD_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .default(2 * 1024 ** 3),
  CABINET_QUOTA: z.coerce.number().int().min(0).default(CABINET_QUOTA_BYTES),
  PASSWORD_MEMORY_COST: z.coerce.number().int().min(1024).default(DEFAULT_PASSWORD_COST.memoryCost),
  PASSWORD_TIME_COST: z.coerce.number().int().min(1).default(DEFAULT_PASSWORD_COST.timeCost),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s):// URL' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PREFIX: z.string().default(''),
  S3_FORCE_PATH_STYLE: z.stringbool().optional(),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]+$/, { error: 'TELEGRAM_BOT_TOKEN must look like 123456:ABC-def' })
    .optional(),
  TELEGRAM_BOT_USERNAME: z
    .string()
    .regex(/^\w{3,64}$/)
    .optional(),
  TELEGRAM_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.telegram.org'),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/)
    .optional(),
  TELEGRAM_CHAT_INTERVAL_MS: z.coerce.number().int().min(0).max(60000).default(1000),
  OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().trim().min(1).max(60).default('OpenID'),
  /** New people may register through the provider (a verified e-mail makes them a cabinet and its owner). */
  OIDC_REGISTRATION: z.stringbool().default(false),
  /** The bot check: ALTCHA (self-hosted) unless reCAPTCHA's keys are set; 'off' for none. */
  BOT_CHECK: z.enum(BOT_CHECK_KINDS).optional(),
  BOT_CHECK_AFTER_FAILURES: z.coerce.number().int().min(0).max(1000).default(3),
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://www.google.com/recaptcha/api/siteverify'),
  RECAPTCHA_SCRIPT_URL: z.url({ protocol: /^https$/ }).default('https://www.google.com/recaptcha/api.js'),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  ALERT_OFFLINE_MINUTES: z.coerce.number().min(0).max(1440).default(10),
  ALERT_CHECK_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  MAP_TILE_URL: z
    .string()
    .trim()
    .max(500)
    .refine((v) => /^(https?:\/\/[^/\s]+\/|\/)\S*$/i.test(v), {
      error: 'MAP_TILE_URL must be an http(s):// URL or a path on this server starting with /',
    })
    .refine((v) => ['{z}', '{x}', '{y}'].every((part) => v.includes(part)), {
      error: 'MAP_TILE_URL must hold {z}, {x} and {y}, e.g. https://tile.example.org/{z}/{x}/{y}.png',
    })
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().trim().max(300).optional(),
  MAP_TILES_DIR: z
    .string()
    .min(1)
    .refine((v) => existsSync(v) && statSync(v).isDirectory(), {
      error: 'MAP_TILES_DIR must be an existing directory',
    })
    .optional(),
});

/** Every environment variable the server reads: the README's settings table lists exactly these. */
export const SETTING_NAMES: readonly string[] = [...Object.keys(Env.shape), ...BILLING_SETTINGS];

/** Rules across variables. */
const CheckedEnv = Env.superRefine((e, ctx) => {
  if (
    !e.RECAPTCHA_SITE_KEY !== !e.RECAPTCHA_SECRET_KEY ||
    (e.BOT_CHECK === 'recaptcha' && !e.RECAPTCHA_SITE_KEY)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: [e.RECAPTCHA_SITE_KEY ? 'RECAPTCHA_SECRET_KEY' : 'RECAPTCHA_SITE_KEY'],
      message:
        'RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY must be set together (BOT_CHECK=recaptcha needs both)',
    });
  }
  if (e.MAP_TILE_URL?.startsWith('/tiles/') && !e.MAP_TILES_DIR) {
    ctx.addIssue({
      code: 'custom',
      path: ['MAP_TILES_DIR'],
      message: 'MAP_TILES_DIR is required when MAP_TILE_URL points at /tiles/',
    });
  }
  const s3Others = (
    ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX', 'S3_FORCE_PATH_STYLE'] as const
  ).filter((name) => e[name] !== undefined && e[name] !== '');
  if (!e.S3_BUCKET) {
    // Without a bucket media would quietly stay on local disk: say so instead.
    if (s3Others.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: `S3_BUCKET is required when ${s3Others.join(', ')} is set`,
      });
    }
    return;
  }
  // Both keys, or neither: then the AWS SDK's default credential chain (AWS_* variables, profiles, roles).
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: [e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    });
  }
});

/** S3-compatible object storage for media bytes (S3_* variables). */
export interface S3Config {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, Ceph, R2...) instead of AWS. */
  endpoint?: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`. */
  forcePathStyle: boolean;
  /** Prepended to every key; empty for none. */
  prefix: string;
  /** Absent: the AWS SDK's default credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicUrl: string;
  webDir: string;
  /** The built web player, served at /player/. */
  playerDir: string;
  /** The native players' build folder (manifest.json and the files), served at /downloads/. */
  playersDir: string;
  brand: (typeof BRANDS)[number];
  /** What GET /api/brand answers. */
  brandConfig: BrandConfig & { map: MapConfig };
  brandRules: BrandRules;
  logLevel: string;
  trustProxy: boolean;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  admin: { login: string; password?: string; email?: string };
  smtpUrl?: string;
  mailFrom: string;
  bodyLimit: number;
  /**
   * Failed sign-ins allowed within the window: per account from one address (and per browser the account
   * signed in on before), per address over all accounts, and per account from every browser it has not
   * signed in on (a browser it has is never locked out by others' failures).
   */
  loginThrottle: { perLogin: number; perAddress: number; perAccount: number; windowSeconds: number };
  /** Requests per minute per address on the public forms (register, recovery, verification). */
  publicFormRate: number;
  /** How often playlists past their end get their DETACH or DELETE action. */
  playlistEndCheckSeconds: number;
  sspRoundSeconds: number;
  /** How long a finished background export (its file and its spool row) is kept. */
  exportRetentionHours: number;
  /** How long a resumable upload may stay unfinished before it (and its quota hold) is removed. */
  tusExpiryHours: number;
  /** Longest a fetch of a file from the web (POST /api/file/import) may take, body included. */
  importTimeoutSeconds: number;
  /** Private addresses and ranges outbound calls may reach all the same (OUTBOUND_ALLOW). */
  outboundAllow: string[];
  /** Pairing codes a minute one address may ask for (a venue's screens may share one). */
  pairingRate: number;
  /** Wrong codes one person may type in 10 minutes before binding is refused for a while. */
  bindFailures: number;
  /** Screens' presence is written every flushMs; sockets are pinged every pingMs. */
  fleet: { flushMs: number; pingMs: number };
  /**
   * The dashboard's broadcast fullness: worker threads planning it, how long a request waits for screens
   * being planned, how often stale screens are planned in the background.
   */
  fullness: { workers: number; waitMs: number; sweepSeconds: number };
  passwordCost: { memoryCost: number; timeCost: number };
  media: { maxFileSize: number; quota: number };
  /** Where media bytes live: S3 when S3_BUCKET is set, otherwise DATA_DIR/media. */
  s3?: S3Config;
  /** Telegram alerts (TELEGRAM_*): absent without a bot token. */
  telegram?: {
    token: string;
    username: string | null;
    apiUrl: string;
    webhookSecret?: string;
    chatIntervalMs: number;
  };
  /** External sign-in (OIDC_*): absent unless issuer, client id and secret are set. */
  oidc?: { issuer: string; clientId: string; clientSecret: string; name: string; registration: boolean };
  /**
   * The bot check on registration, recovery and sign-in after `afterFailures` failures (0: every sign-in):
   * ALTCHA challenges need about `altchaMaxNumber / 2` hashes; reCAPTCHA v3 is verified at `verifyUrl`.
   */
  botCheck: {
    kind: BotCheckKind;
    afterFailures: number;
    altchaMaxNumber: number;
    recaptcha?: {
      siteKey: string;
      secretKey: string;
      verifyUrl: string;
      scriptUrl: string;
      minScore: number;
    };
  };
  /** Alerts: a screen is reported offline after offlineMinutes; the sweep runs every checkSeconds (0: never). */
  alerts: { offlineMinutes: number; checkSeconds: number };
  /** An offline tile pyramid ({z}/{x}/{y}.png|webp|jpg) served at /tiles/ (MAP_TILES_DIR). */
  tilesDir?: string;
  /** Billing (BILLING*, STRIPE_*): docs/billing.md. */
  billing: BillingConfig;
  /** What start-up should say loudly: settings that work but will surprise (PUBLIC_URL left at localhost). */
  warnings: string[];
}

const outboundList = (value: string): string[] =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** 'a.b.c.d', 'a.b.c.d/n', an IPv6 address or range: [address, prefix, family], or null. */
export function parseCidr(entry: string): [string, number, 'ipv4' | 'ipv6'] | null {
  const [address = '', bits] = entry.split('/');
  const family = isIP(address);
  if (family === 0) return null;
  const max = family === 4 ? 32 : 128;
  const prefix = bits === undefined ? max : Number(bits);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) return null;
  return [address, prefix, family === 4 ? 'ipv4' : 'ipv6'];
}

export const TILE_EXTENSIONS = ['png', 'webp', 'jpg', 'jpeg'] as const;
/** Zoom levels a tile pyramid may hold (0 = the whole world in one tile). */
export const MAX_TILE_ZOOM = 22;

const numericDirs = (dir: string): number[] =>
  readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^\d{1,2}$/.test(d.name) && Number(d.name) <= MAX_TILE_ZOOM)
    .map((d) => Number(d.name))
    .sort((a, b) => a - b);

/**
 * What an offline tile pyramid holds, looked at once at start: its deepest zoom level (Leaflet scales
 * that level up beyond it) and the image type of its first tile (png unless the tiles say otherwise).
 */
export function describeTilesDir(dir: string): { maxZoom: number; ext: string } {
  const zooms = numericDirs(dir);
  let ext = 'png';
  const first = zooms[0];
  if (first !== undefined) {
    const column = numericDirs(join(dir, String(first)))[0];
    const tile =
      column === undefined
        ? undefined
        : readdirSync(join(dir, String(first), String(column))).find((name) =>
            new RegExp(`^\\d+\\.(${TILE_EXTENSIONS.join('|')})$`).test(name),
          );
    if (tile) ext = tile.slice(tile.indexOf('.') + 1);
  }
  return { maxZoom: zooms.at(-1) ?? 0, ext };
}

/**
 * The map the cabinet draws: MAP_TILE_URL when set; else the tiles in MAP_TILES_DIR at /tiles/; else no
 * tile source at all, and the web app draws the world map it bundles (no request leaves the server).
 */
function mapConfig(e: z.infer<typeof Env>, tilesDir: string | undefined): MapConfig {
  const local = tilesDir ? describeTilesDir(tilesDir) : undefined;
  const tileUrl = e.MAP_TILE_URL ?? (local ? `/tiles/{z}/{x}/{y}.${local.ext}` : null);
  return {
    tileUrl,
    attribution: e.MAP_TILE_ATTRIBUTION || null,
    // A remote source's depth is unknown: the common 19. Our own pyramid says how deep it goes.
    maxNativeZoom: tileUrl?.startsWith('/tiles/') && local ? local.maxZoom : 19,
  };
}

const isLoopback = (host: string): boolean =>
  /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i.test(host) || host.endsWith('.localhost');

/**
 * PUBLIC_URL goes into e-mailed links, Telegram's webhook, OpenID Connect's return address and Stripe's;
 * left at localhost while any of them is set (or while the server listens on a public address or behind
 * a proxy), people and services would be sent to a machine that is not this one.
 */
function publicUrlWarnings(e: z.infer<typeof Env>, env: NodeJS.ProcessEnv, publicUrl: string): string[] {
  if (!isLoopback(new URL(publicUrl).hostname)) return [];
  const users = [
    e.SMTP_URL ? 'SMTP_URL (links in e-mails)' : null,
    e.TELEGRAM_BOT_TOKEN ? "TELEGRAM_BOT_TOKEN (Telegram's webhook)" : null,
    e.OIDC_ISSUER ? 'OIDC_ISSUER (the sign-in return address)' : null,
    env.STRIPE_SECRET_KEY ? "STRIPE_SECRET_KEY (Stripe's return and webhook addresses)" : null,
    env.HOST !== undefined && !isLoopback(e.HOST)
      ? `HOST=${e.HOST} (the server is reachable from elsewhere)`
      : null,
    e.TRUST_PROXY ? 'TRUST_PROXY (the server runs behind a proxy)' : null,
  ].filter((u): u is string => u !== null);
  if (users.length === 0) return [];
  return [
    [
      `PUBLIC_URL is ${e.PUBLIC_URL ? 'set to' : 'not set, so it is'} ${publicUrl}, yet ${users.join(', ')} ${users.length > 1 ? 'are' : 'is'} set.`,
      'That address is used for links sent to people and for addresses given to other services: set PUBLIC_URL',
      'to the address people and screens reach this server at (e.g. PUBLIC_URL=https://signage.example.com).',
    ].join('\n'),
  ];
}

const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));
const DEFAULT_PLAYER_DIR = fileURLToPath(new URL('../../player/dist', import.meta.url));
const DEFAULT_PLAYERS_DIR = fileURLToPath(new URL('../../../players/dist', import.meta.url));

/** What start-up should say loudly about the settings (main prints them). */
export const configWarnings = (config: Pick<Config, 'warnings'>): string[] => config.warnings;

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
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    ...(e.DATABASE_URL ? { databaseUrl: e.DATABASE_URL } : {}),
    publicUrl,
    webDir: e.WEB_DIR ? resolve(e.WEB_DIR) : DEFAULT_WEB_DIR,
    playerDir: e.PLAYER_DIR ? resolve(e.PLAYER_DIR) : DEFAULT_PLAYER_DIR,
    playersDir: e.PLAYERS_DIR ? resolve(e.PLAYERS_DIR) : DEFAULT_PLAYERS_DIR,
    brand: e.BRAND,
    brandConfig: {
      ...BRAND_IDENTITIES[e.BRAND],
      knowledgeBaseUrl: e.KNOWLEDGE_BASE_URL ?? null,
      supportEmail: e.SUPPORT_EMAIL ?? null,
      supportChatScriptUrl: e.SUPPORT_CHAT_SCRIPT_URL ?? null,
      clarityProjectId: e.CLARITY_PROJECT_ID ?? null,
      playerDownloads: {
        ...(e.PLAYER_DOWNLOAD_WINDOWS ? { windows: e.PLAYER_DOWNLOAD_WINDOWS } : {}),
        ...(e.PLAYER_DOWNLOAD_LINUX ? { linux: e.PLAYER_DOWNLOAD_LINUX } : {}),
        ...(e.PLAYER_DOWNLOAD_ARM ? { arm: e.PLAYER_DOWNLOAD_ARM } : {}),
        ...(e.PLAYER_DOWNLOAD_ANDROID ? { android: e.PLAYER_DOWNLOAD_ANDROID } : {}),
      },
      playerFiles: {},
      map: mapConfig(e, tilesDir),
    },
    brandRules: {
      isCore: BRAND_IDENTITIES[e.BRAND].isCore,
      impressionsManagers: e.IMPRESSIONS_MANAGER_LOGINS.split(',')
        .map((l) => l.trim())
        .filter(Boolean),
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    admin: {
      login: e.ADMIN_LOGIN,
      ...(e.ADMIN_PASSWORD ? { password: e.ADMIN_PASSWORD } : {}),
      ...(e.ADMIN_EMAIL ? { email: e.ADMIN_EMAIL } : {}),
    },
    ...(e.SMTP_URL ? { smtpUrl: e.SMTP_URL } : {}),
    mailFrom: e.MAIL_FROM,
    bodyLimit: e.BODY_LIMIT,
    loginThrottle: {
      perLogin: e.LOGIN_FAILURES_PER_LOGIN,
      perAddress: e.LOGIN_FAILURES_PER_ADDRESS,
      perAccount: e.LOGIN_FAILURES_PER_ACCOUNT,
      windowSeconds: e.LOGIN_FAILURE_WINDOW,
    },
    publicFormRate: e.PUBLIC_FORM_RATE,
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
    pairingRate: e.PAIRING_RATE,
    bindFailures: e.BIND_FAILURES,
    passwordCost: { memoryCost: e.PASSWORD_MEMORY_COST, timeCost: e.PASSWORD_TIME_COST },
    media: { maxFileSize: e.MAX_UPLOAD_SIZE, quota: e.CABINET_QUOTA },
    ...(e.S3_BUCKET
      ? {
          s3: {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
            prefix: e.S3_PREFIX,
            ...(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { credentials: { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } }
              : {}),
          },
        }
      : {}),
    ...(tilesDir ? { tilesDir } : {}),
    billing: billingConfig(env),
    ...(e.TELEGRAM_BOT_TOKEN
      ? {
          telegram: {
            token: e.TELEGRAM_BOT_TOKEN,
            username: e.TELEGRAM_BOT_USERNAME ?? null,
            apiUrl: e.TELEGRAM_API_URL,
            ...(e.TELEGRAM_WEBHOOK_SECRET ? { webhookSecret: e.TELEGRAM_WEBHOOK_SECRET } : {}),
            chatIntervalMs: e.TELEGRAM_CHAT_INTERVAL_MS,
          },
        }
      : {}),
    ...(e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
      ? {
          oidc: {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            name: e.OIDC_NAME,
            registration: e.OIDC_REGISTRATION,
          },
        }
      : {}),
    alerts: { offlineMinutes: e.ALERT_OFFLINE_MINUTES, checkSeconds: e.ALERT_CHECK_SECONDS },
    botCheck: {
      kind: e.BOT_CHECK ?? (e.RECAPTCHA_SITE_KEY ? 'recaptcha' : 'altcha'),
      afterFailures: e.BOT_CHECK_AFTER_FAILURES,
      altchaMaxNumber: e.ALTCHA_MAX_NUMBER,
      ...(e.RECAPTCHA_SITE_KEY && e.RECAPTCHA_SECRET_KEY
        ? {
            recaptcha: {
              siteKey: e.RECAPTCHA_SITE_KEY,
              secretKey: e.RECAPTCHA_SECRET_KEY,
              verifyUrl: e.RECAPTCHA_VERIFY_URL,
              scriptUrl: e.RECAPTCHA_SCRIPT_URL,
              minScore: e.RECAPTCHA_MIN_SCORE,
            },
          }
        : {}),
    },
  };
}
