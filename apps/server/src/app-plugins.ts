import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from './app-types.js';
import type { Config } from './config.js';
import { AppError } from './lib/errors.js';
import { databaseRateStore } from './lib/rate-store.js';
import type { FailureRepository } from './modules/system/failure.repository.js';

/** The origins the security headers allow beyond the server's own: configured embeds and map tiles. */
function allowedOrigins(config: Config) {
  // reCAPTCHA v3, when it is the bot check: its script, and the frame and files it loads.
  const recaptchaOrigins =
    config.botCheck.kind === 'recaptcha' && config.botCheck.recaptcha
      ? [new URL(config.botCheck.recaptcha.scriptUrl).origin, 'https://www.gstatic.com']
      : [];
  // Third-party embeds are allowed only when configured: the support chat, session analytics, reCAPTCHA.
  const embedOrigins = [
    config.brandConfig.supportChatScriptUrl ? new URL(config.brandConfig.supportChatScriptUrl).origin : null,
    ...(config.brandConfig.clarityProjectId ? ['https://www.clarity.ms', 'https://*.clarity.ms'] : []),
    ...recaptchaOrigins,
  ].filter((o): o is string => o !== null);
  // A remote map tile source, when configured, is named in img-src ({s} subdomains as a wildcard).
  const tileOrigin = /^(https?:\/\/[^/]+)/i
    .exec(config.brandConfig.map.tileUrl ?? '')?.[1]
    ?.replace(/\{s\}\./g, '*.');
  return { recaptchaOrigins, embedOrigins, tileOrigin };
}

/** The security headers: a content security policy naming only what the configuration allows. */
async function registerSecurityHeaders(app: App, config: Config): Promise<void> {
  const { recaptchaOrigins, embedOrigins, tileOrigin } = allowedOrigins(config);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        scriptSrc: ["'self'", ...embedOrigins],
        connectSrc: ["'self'", ...embedOrigins],
        // A self-hosted cabinet is often reached over plain http on a LAN: never force https.
        upgradeInsecureRequests: null,
        // Remote files and camera streams are played from their own hosts (images and media only).
        imgSrc: ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : []), 'https:', 'http:'],
        mediaSrc: ["'self'", 'blob:', 'https:', 'http:'],
        // A screen draws the cabinet's uploaded fonts from its offline cache, as blob addresses.
        fontSrc: ["'self'", 'data:', 'blob:', 'https:'],
        ...(recaptchaOrigins.length > 0 ? { frameSrc: ["'self'", ...recaptchaOrigins] } : {}),
      },
    },
    hsts: false,
  });
}

/** Compression, security headers, cookies, rate limits and the API docs, before any route. */
export async function registerPlugins(app: App, config: Config, failures: FailureRepository): Promise<void> {
  // Large answers (lists, reports, manifests, exports) go compressed to clients that ask: brotli at a
  // quality cheap enough per request, else gzip; media, ranges and built assets (precompressed at build,
  // served as they are) are left alone. A page of 1,000 screens (860 KB of JSON): brotli 4 took 12-26 ms
  // for 13 KB, brotli 2 1.0-1.4 ms for 15 KB; gzip 6 6-12 ms for 17 KB, gzip 1 0.9 ms for 21-23 KB.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 2 } },
    zlibOptions: { level: 1 },
  });
  await registerSecurityHeaders(app, config);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, so every process shares one count (lib/rate-store.ts).
    store: databaseRateStore(failures),
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Vitrine API', description: 'Digital-signage cabinet API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
