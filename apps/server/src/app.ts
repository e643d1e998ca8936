import { join } from 'node:path';
import { OFFLINE_AFTER_SECONDS, localDate } from '@vitrine/core';
import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import { constants as zlib } from 'node:zlib';
import websocket from '@fastify/websocket';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { App, RouteContext, Services } from './app-types.js';
import { parseCidr, type Config } from './config.js';
import { asCabinetId, type CabinetId } from './db/cabinet-id.js';
import type { DatabaseHandle } from './db/client.js';
import { createRepositories, createTransact } from './db/repositories.js';
import { AppError } from './lib/errors.js';
import { logSerializers } from './lib/log.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { PasswordHasher } from './lib/password.js';
import { FailureThrottle } from './lib/throttle.js';
import { databaseRateStore } from './lib/rate-store.js';
import { AccessTokens, DeviceMarks, randomToken } from './lib/tokens.js';
import { AccountService } from './modules/account/account.service.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { RegistrationService } from './modules/auth/registration.service.js';
import { UnlockService } from './modules/auth/unlock.service.js';
import { createBilling, createBillingPolicy } from './modules/billing/index.js';
import { billingGuard } from './modules/billing/billing.guard.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { CabinetService } from './modules/cabinet/cabinet.service.js';
import { cabinetRoutes } from './modules/cabinet/cabinet.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { sweepLeftovers } from './modules/media/leftovers.js';
import { createTusStore } from './modules/media/media.tus.js';
import { MediaService } from './modules/media/media.service.js';
import { Quota } from './modules/media/quota.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { FileRulesService } from './modules/media/file-rules.service.js';
import { fileRulesRoutes } from './modules/media/file-rules.routes.js';
import { playbackRoutes } from './modules/playback/playback.routes.js';
import { PlaybackService } from './modules/playback/playback.service.js';
import { playlistRoutes } from './modules/playlist/playlist.routes.js';
import { PlaylistService } from './modules/playlist/playlist.service.js';
import { ContentSync } from './modules/point/content-sync.js';
import { Fleet } from './modules/point/fleet.js';
import { netRoutes } from './modules/point/net.routes.js';
import { playerRoutes } from './modules/point/player.routes.js';
import { pointRoutes } from './modules/point/point.routes.js';
import { PointService } from './modules/point/point.service.js';
import { NetService } from './modules/point/net.service.js';
import { PairingService } from './modules/point/pairing.service.js';
import { ScheduleService } from './modules/schedule/schedule.service.js';
import { scheduleRoutes } from './modules/schedule/schedule.routes.js';
import { DashboardService } from './modules/dashboard/dashboard.service.js';
import { FullnessService, fullnessPool } from './modules/dashboard/fullness.service.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import {
  InProcessExportQueue,
  PgBossExportQueue,
  type ExportQueue,
} from './modules/statistic/export-queue.js';
import { studioRoutes } from './modules/studio/studio.routes.js';
import { pluginRoutes } from './modules/plugin/plugin.routes.js';
import { PluginService } from './modules/plugin/plugin.service.js';
import { StudioService } from './modules/studio/studio.service.js';
import { statisticRoutes } from './modules/statistic/statistic.routes.js';
import { StatisticService } from './modules/statistic/statistic.service.js';
import { STOCK_CABINET_KEY } from './modules/media/stock.js';
import type { Storage } from './lib/storage.js';
import { createStorage } from './lib/storage-s3.js';
import { UrlSigner } from './lib/signer.js';
import { refusalExcept, type SafeFetchOptions } from './lib/safe-fetch.js';
import { TrackerService } from './modules/trackers/tracker.service.js';
import { AdService } from './modules/ssp/ad.service.js';
import { SupplierService } from './modules/ssp/supplier.service.js';
import { sspRoutes } from './modules/ssp/ssp.routes.js';
import { SspReportService } from './modules/ssp/ssp-report.service.js';
import { brandRoutes } from './modules/system/brand.routes.js';
import { tilesRoutes } from './modules/system/tiles.routes.js';
import { downloadsRoutes } from './modules/downloads/downloads.routes.js';
import { PlayerBuilds } from './modules/downloads/player-builds.service.js';
import { UserService } from './modules/user/user.service.js';
import { TwoFaService } from './modules/security/twofa.service.js';
import { securityRoutes } from './modules/security/security.routes.js';
import { AccessService } from './modules/access/access.service.js';
import { accessRoutes } from './modules/access/access.routes.js';
import { AlertService } from './modules/messenger/alerts.service.js';
import { MessengerService } from './modules/messenger/messenger.service.js';
import { messengerRoutes } from './modules/messenger/messenger.routes.js';
import { TelegramClient } from './modules/messenger/telegram.js';
import { OidcService } from './modules/oidc/oidc.service.js';
import { oidcRoutes } from './modules/oidc/oidc.routes.js';
import { BotCheckService } from './modules/botcheck/botcheck.service.js';
import { botCheckRoutes } from './modules/botcheck/botcheck.routes.js';
import { userRoutes } from './modules/user/user.routes.js';
import { WallService } from './modules/wall/wall.service.js';
import { wallRoutes } from './modules/wall/wall.routes.js';
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
}

export interface BuiltApp {
  app: App;
  services: Services;
  context: RouteContext;
  /** Every /api route with the access it declares: the source of the role-matrix tests. */
  routes: RouteAccess[];
  /** Sweeps what expires (main runs it hourly); answers how many of each it removed. */
  maintain(): Promise<Record<string, number>>;
  /** Where file bytes live (main checks that every process shares it). */
  storage: Storage;
}

/** Assembles the server: plugins, services over repositories, and one route module per domain. */
export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, database } = deps;
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
  registerErrorHandler(app);

  const repos = createRepositories(database.db);
  const transact = createTransact(database.db);
  const hasher = new PasswordHasher(config.passwordCost);
  const secret = await repos.settings.getOrInit('access_token_secret', () => randomToken());
  const mediaSecret = await repos.settings.getOrInit('media_url_secret', () => randomToken());
  const deviceSecret = await repos.settings.getOrInit('device_mark_secret', () => randomToken());
  const throttle = new FailureThrottle(repos.failures);
  const mailer =
    deps.mailer ??
    createMailer({
      ...(config.smtpUrl ? { smtpUrl: config.smtpUrl } : {}),
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
      log: (message) => app.log.info(message),
    });

  // Alerts by Telegram when a bot is configured (else by e-mail), and the presence sweep behind them.
  const telegram = config.telegram
    ? new TelegramClient({
        apiUrl: config.telegram.apiUrl,
        token: config.telegram.token,
        chatIntervalMs: config.telegram.chatIntervalMs,
        log: (message) => app.log.warn(message),
      })
    : null;
  const webhookSecret =
    config.telegram?.webhookSecret ??
    (await repos.settings.getOrInit('telegram_webhook_secret', () => randomToken()));
  const messenger = new MessengerService({
    repos,
    telegram,
    botUsername: config.telegram?.username ?? null,
    webhookSecret,
  });
  const alerts = new AlertService({
    repos,
    mailer,
    telegram,
    offlineAfterMs: config.alerts.offlineMinutes * 60_000,
    seenWithinMs: OFFLINE_AFTER_SECONDS * 1000,
    log: (message, error) => app.log.warn({ err: error }, message),
  });
  if (telegram) {
    // Telegram sends the bot's updates (the deep link's /start) to this server.
    void telegram
      .setWebhook(`${config.publicUrl}/api/messenger/telegram`, webhookSecret)
      .then((ok) => ok || app.log.warn('telegram: setWebhook refused'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'telegram: setWebhook failed'));
  }

  const twofa = new TwoFaService({
    repos,
    hasher,
    throttle,
    issuer: config.brandConfig.title,
    limits: { perLogin: config.loginThrottle.perLogin, windowSeconds: config.loginThrottle.windowSeconds },
  });
  const botCheck = new BotCheckService({
    repo: repos.botChecks,
    config: config.botCheck,
    secret: await repos.settings.getOrInit('bot_check_secret', () => randomToken()),
    log: (message, error) => app.log.warn({ err: error }, message),
  });
  const auth = new AuthService({
    twofa,
    botCheck,
    cabinets: repos.cabinets,
    access: repos.access,
    users: repos.users,
    credentials: repos.credentials,
    hasher,
    accessTokens: new AccessTokens(secret, config.accessTokenTtl),
    throttle,
    limits: config.loginThrottle,
    deviceMarks: new DeviceMarks(deviceSecret),
    refreshTtlSeconds: config.refreshTokenTtl,
    brandRules: config.brandRules,
  });
  const registration = new RegistrationService({
    repos,
    transact,
    hasher,
    mailer,
    publicUrl: config.publicUrl,
  });
  const stockCabinetId = async (): Promise<CabinetId | undefined> => {
    const id = await repos.settings.get(STOCK_CABINET_KEY);
    return id ? asCabinetId(Number(id)) : undefined;
  };
  const storage = deps.storage ?? createStorage(config);
  const signer = new UrlSigner(mediaSecret);
  // Billing's first part (docs/billing.md): what a cabinet may do and how a screen is added, from the
  // repositories only, so the services below are given it; the ledger follows once `sync` exists.
  const billingFirst = createBillingPolicy({
    repos,
    transact,
    config: config.billing,
    lowFunds: (cabinetId, balance) => alerts.lowFunds(cabinetId, balance),
    log: (message, error) => app.log.warn({ err: error }, message),
  });
  const { policy: billingPolicy, screens: billingScreens } = billingFirst;
  const uploads = {
    quota: new Quota({
      repos,
      transact,
      quota: config.media.quota,
      // The tariff's storage per screen slot.
      limit: (cabinetId): Promise<number | null> => billingPolicy.storageQuota(cabinetId),
    }),
    tusStore: createTusStore(join(config.dataDir, 'tus'), config.tusExpiryHours * 3_600_000),
  };
  const tmpDir = join(config.dataDir, 'tmp');
  // Every call made on a user's behalf (imports, trackers) refuses private and own addresses, but those
  // the operator allows (OUTBOUND_ALLOW); tests may set their own policy.
  const outbound: SafeFetchOptions = {
    // Config refused any entry that is not an address or a range, so none is dropped here.
    isBlocked: refusalExcept(config.outboundAllow.map(parseCidr).filter((range) => range !== null)),
    ...deps.fetchPolicy,
  };
  const media = new MediaService({
    media: repos.media,
    transact,
    quota: uploads.quota,
    storage,
    signer,
    limits: config.media,
    tmpDir,
    fetchPolicy: { deadlineMs: config.importTimeoutSeconds * 1000, ...outbound },
    stockCabinetId,
  });

  // The screens connected to this process, joined to every other process through the bus (db/bus.ts).
  const fleet = new Fleet({
    database,
    points: repos.points,
    commands: repos.pointCommands,
    ...config.fleet,
    log: (message, error) => app.log.warn({ err: error }, message),
  });
  await fleet.start();
  app.addHook('onClose', async () => fleet.stop());

  const schedule = new ScheduleService({ repos, media });
  // Each screen's current content, worked out whenever what it plays may change.
  const sync: ContentSync = new ContentSync({
    repos,
    schedule,
    fleet,
    // Billing's lock: the neutral slide after the grace period.
    neutralFrom: (cabinetId): Promise<string | null> => billingPolicy.neutralFrom(cabinetId),
  });
  const playlists = new PlaylistService({
    repos,
    transact,
    media,
    stockCabinetId,
    contentChanged: (cabinetId, change) => sync.changed(cabinetId, change),
    requireFeature: (cabinetId, feature) => billingPolicy.guard(cabinetId, { feature }),
  });
  // The SSP connector's ads (docs/ssp.md): won ahead of their slots, carried in the screens' manifests;
  // asked only for cabinets billing lets run them (not locked or blocked, SSP in their tariff).
  const ads = new AdService({
    repos,
    media,
    fetchPolicy: outbound,
    log: (message) => app.log.warn(message),
    allowed: (cabinetId) => billingPolicy.allows(cabinetId, { feature: 'ssp' }),
    leftoverGaps: (c, from, to) => schedule.leftoverGaps(c.cabinetId, c.pointId, c.playlistId, from, to),
    tell: (cabinetId, pointIds) => fleet.send(cabinetId, pointIds, 'content', {}, null),
  });
  const points = new PointService({
    ads: (device) => ads.manifestAds(device),
    repos,
    transact,
    // Every new screen goes through billing's lock, limit and charge.
    addScreen: (cabinetId, write) => billingScreens.addScreen(cabinetId, write),
    fleet,
    media,
    storage,
    signer,
    schedule,
    sync,
  });
  // Ad suppliers: the spec's kinds, seeded once into an installation without any (docs/ssp.md).
  const suppliers = new SupplierService({ repos, productName: config.brandConfig.title });
  await suppliers.seed();
  const fullnessWorkers = fullnessPool(config.fullness.workers);
  app.addHook('onClose', async () => fullnessWorkers.close());
  const fullness = new FullnessService({
    repos,
    sync,
    pool: fullnessWorkers,
    waitMs: config.fullness.waitMs,
    onShortfall: (cabinetId, byDay) => alerts.contentShortfall(cabinetId, byDay),
    log: (message, error) => app.log.warn({ err: error }, message),
  });
  // Billing (docs/billing.md): the ledger, the lock and the refusals, recharges through Stripe when set.
  const billing = createBilling(billingFirst, {
    publicUrl: config.publicUrl,
    issuer: config.brandConfig.title,
    contentChanged: (cabinetId, change) => sync.changed(cabinetId, change),
  });
  await billing.start();
  const services: Services = {
    auth,
    registration,
    unlock: new UnlockService({
      users: repos.users,
      credentials: repos.credentials,
      throttle,
      registration,
      auth,
    }),
    account: new AccountService({
      repos,
      transact,
      hasher,
      throttle,
      auth,
      registration,
      twofa,
      messenger,
      billing: (cabinetId) => billing.funds.dashboard(cabinetId),
    }),
    messenger,
    alerts,
    oidc: new OidcService({
      repos,
      transact,
      hasher,
      auth,
      config: config.oidc ?? null,
      publicUrl: config.publicUrl,
    }),
    twofa,
    botCheck,
    access: new AccessService({ repos }),
    users: new UserService({ repos, transact, hasher }),
    cabinets: new CabinetService(repos, billing.admin),
    media,
    fileRules: new FileRulesService({
      repos,
      media,
      contentChanged: (cabinetId, change) => sync.changed(cabinetId, change),
    }),
    playlists,
    points,
    nets: new NetService({ repos, transact, sync }),
    walls: new WallService({
      repos,
      transact,
      contentChanged: (cabinetId, change) => sync.changed(cabinetId, change),
      points,
      schedule,
    }),
    pairing: new PairingService({
      repos,
      addScreen: (cabinetId, write) => billingScreens.addScreen(cabinetId, write),
      throttle,
      bindFailures: config.bindFailures,
      points,
    }),
    schedule,
    dashboard: new DashboardService({
      repos,
      points,
      playlists,
      fullness,
      quota: (cabinetId) => uploads.quota.limitOf(cabinetId),
      billing: (cabinetId) => billing.funds.dashboard(cabinetId),
    }),
    fullness,
    playback: new PlaybackService({ repos, log: (message) => app.log.warn(message) }),
    trackers: new TrackerService({ repos, fetchPolicy: outbound, log: (message) => app.log.warn(message) }),
    statistics: await startStatistics(),
    studio: new StudioService({
      studio: repos.studio,
      transact,
      mediaRepo: repos.media,
      media,
      storage,
      stockCabinetId,
    }),
    plugins: new PluginService({
      plugins: repos.plugins,
      studio: repos.studio,
      storage,
      tmpDir: join(config.dataDir, 'tmp'),
      fetchPolicy: outbound,
    }),
    billing,
    suppliers,
    ads,
    sspReports: new SspReportService({
      repos,
      media,
      log: (message, error) => app.log.warn({ err: error }, message),
    }),
    playerBuilds: new PlayerBuilds(config.playersDir, (message, error) =>
      app.log.warn({ err: error }, message),
    ),
  };
  const context: RouteContext = { services, config, database, repos, uploads };

  /**
   * Statistics and its export queue: pg-boss in this database (PostgreSQL or PGlite); should it fail to
   * start, exports run in this process instead (logged), and jobs a stopped process left are marked failed.
   */
  async function startStatistics(): Promise<StatisticService> {
    const log = (message: string, error?: unknown) => app.log.warn({ err: error }, message);
    let queue: ExportQueue = new PgBossExportQueue(database, log);
    const make = (q: ExportQueue) =>
      new StatisticService({
        repos,
        transact,
        storage,
        signer,
        tmpDir: join(config.dataDir, 'tmp'),
        queue: q,
        retentionHours: config.exportRetentionHours,
        log,
        exportReady: (job) => void alerts.exportReady(job.cabinetId, job.userId, job.name).catch(log),
      });
    let statistics = make(queue);
    try {
      await queue.start((id) => statistics.runJob(id));
    } catch (error) {
      log('pg-boss could not start: statistics exports run in this process', error);
      queue = new InProcessExportQueue();
      statistics = make(queue);
      await statistics.failAbandoned();
      await queue.start((id) => statistics.runJob(id));
    }
    app.addHook('onClose', async () => queue.stop());
    return statistics;
  }

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
  // Large answers (lists, reports, manifests, exports) go compressed to clients that ask: brotli at a
  // quality cheap enough per request, else gzip; media, ranges and built assets (precompressed at build,
  // served as they are) are left alone.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
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
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, so every process shares one count (lib/rate-store.ts).
    store: databaseRateStore(repos.failures),
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
  const routes: RouteAccess[] = [];
  await app.register(accessPlugin, {
    auth,
    devices: services.pairing,
    brandRules: config.brandRules,
    registry: routes,
  });
  const guard = billingGuard(billing.policy);
  app.addHook('onRequest', guard.onRequest);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  for (const routes of [
    healthRoutes,
    brandRoutes,
    tilesRoutes,
    downloadsRoutes,
    authRoutes,
    botCheckRoutes,
    accountRoutes,
    securityRoutes,
    accessRoutes,
    messengerRoutes,
    oidcRoutes,
    userRoutes,
    cabinetRoutes,
    mediaRoutes,
    fileRulesRoutes,
    playlistRoutes,
    pointRoutes,
    netRoutes,
    wallRoutes,
    playerRoutes,
    playbackRoutes,
    scheduleRoutes,
    dashboardRoutes,
    statisticRoutes,
    studioRoutes,
    pluginRoutes,
    billingRoutes,
    sspRoutes,
  ]) {
    await app.register(async (scope) => routes(scope.withTypeProvider<ZodTypeProvider>(), context));
  }
  await registerSpa(app, config.webDir, config.playerDir);

  /** The hourly sweep: expired failure counters, and what interrupted uploads left behind. */
  const maintain = async () => ({
    failureCounters: await repos.failures.sweep(),
    registrations: await repos.credentials.platformSweepRegistrations(new Date()),
    usedBotChecks: await repos.botChecks.platformSweep(),
    shortfallAlerts: await repos.messenger.platformSweepShortfall(
      localDate('UTC', Date.now() - SHORTFALL_KEEP_DAYS * 86_400_000),
    ),
    trackerDeliveries: await repos.trackers.platformSweep(TRACKER_KEEP_DAYS),
    ...(await sweepLeftovers({ quota: uploads.quota, tusStore: uploads.tusStore, tmpDir })),
  });
  return { app, services, context, routes, maintain, storage };
}
