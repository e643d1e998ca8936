import type { BRANDS, BotCheckKind, BrandConfig, BrandRules, MapConfig } from '@vitrine/core';
import type { BillingConfig } from '../modules/billing/billing.config.js';

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

/** The server's settings, read once from the environment by `loadConfig` (the README's settings table). */
export interface Config {
  port: number;
  /** Server processes sharing the port (node:cluster, processes.ts). */
  processes: number;
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
