import type { EnvValues } from './env.js';
import type { Config } from './types.js';

/** S3 storage (S3_*): present once a bucket is named. */
export function s3Settings(e: EnvValues): Pick<Config, 's3'> {
  if (!e.S3_BUCKET) return {};
  return {
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
  };
}

/** Telegram alerts (TELEGRAM_*): present once a bot token is set. */
export function telegramSettings(e: EnvValues): Pick<Config, 'telegram'> {
  if (!e.TELEGRAM_BOT_TOKEN) return {};
  return {
    telegram: {
      token: e.TELEGRAM_BOT_TOKEN,
      username: e.TELEGRAM_BOT_USERNAME ?? null,
      apiUrl: e.TELEGRAM_API_URL,
      ...(e.TELEGRAM_WEBHOOK_SECRET ? { webhookSecret: e.TELEGRAM_WEBHOOK_SECRET } : {}),
      chatIntervalMs: e.TELEGRAM_CHAT_INTERVAL_MS,
    },
  };
}

/** External sign-in (OIDC_*): present once issuer, client id and secret are set. */
export function oidcSettings(e: EnvValues): Pick<Config, 'oidc'> {
  if (!(e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET)) return {};
  return {
    oidc: {
      issuer: e.OIDC_ISSUER,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
      name: e.OIDC_NAME,
      registration: e.OIDC_REGISTRATION,
    },
  };
}

/** The bot check (BOT_CHECK, ALTCHA_*, RECAPTCHA_*): reCAPTCHA once its keys are set, else ALTCHA. */
export function botCheckSettings(e: EnvValues): Config['botCheck'] {
  return {
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
  };
}
