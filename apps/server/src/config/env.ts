import { availableParallelism } from 'node:os';
import { existsSync, statSync } from 'node:fs';
import { z } from 'zod';
import { BOT_CHECK_KINDS, BRANDS, CABINET_QUOTA_BYTES } from '@vitrine/core';
import { DEFAULT_PASSWORD_COST } from '../lib/password.js';
import { outboundList, parseCidr } from './network.js';

/** Every variable the server reads but billing's (modules/billing/billing.config.ts), with its default. */
export const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must be a postgres:// URL' })
    .optional(),
  /** Server processes sharing PORT on this machine (node:cluster); above 1 needs DATABASE_URL. */
  PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
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
  /**
   * Worker threads planning broadcast fullness for the dashboard (default: the cores, 1 to 4). They run ten
   * nice steps below the server's thread, so they take what requests leave: a cold fleet uses every core.
   */
  FULLNESS_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.max(1, Math.min(4, availableParallelism()))),
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

/** The settings as read and checked. */
export type EnvValues = z.infer<typeof Env>;

/** Rules across variables. */
export const CheckedEnv = Env.superRefine((e, ctx) => {
  if (e.PROCESSES > 1 && !e.DATABASE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['PROCESSES'],
      message: 'PROCESSES above 1 needs DATABASE_URL: the embedded database serves one process',
    });
  }
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
