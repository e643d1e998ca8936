import { OFFLINE_AFTER_SECONDS } from '@vitrine/core';
import type { Infrastructure } from './app-infrastructure.js';
import type { Module } from './app-types.js';
import type { CabinetId } from './db/cabinet-id.js';
import { Later } from './lib/later.js';
import { AccessTokens, DeviceMarks } from './lib/tokens.js';
import { createAccessModule } from './modules/access/index.js';
import { createAccountModule } from './modules/account/index.js';
import { createAuthModule } from './modules/auth/index.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { createBilling, createBillingPolicy, type BillingFirst } from './modules/billing/index.js';
import { createBotCheckModule } from './modules/botcheck/index.js';
import { createCabinetModule } from './modules/cabinet/index.js';
import { createDashboardModule } from './modules/dashboard/index.js';
import { createDownloadsModule } from './modules/downloads/index.js';
import { createHealthModule } from './modules/health/index.js';
import { createMediaModule } from './modules/media/index.js';
import { createMessengerModule } from './modules/messenger/index.js';
import type { AlertService } from './modules/messenger/alerts.service.js';
import type { MessengerService } from './modules/messenger/messenger.service.js';
import { createOidcModule } from './modules/oidc/index.js';
import { createPlaybackModule } from './modules/playback/index.js';
import { createPlaylistModule } from './modules/playlist/index.js';
import { createPluginModule } from './modules/plugin/index.js';
import type { ContentChange, ContentSync } from './modules/point/content-sync.js';
import { createPointModule } from './modules/point/index.js';
import { createScheduleModule } from './modules/schedule/index.js';
import { createSecurityModule } from './modules/security/index.js';
import { createSspModule } from './modules/ssp/index.js';
import { createStatisticModule } from './modules/statistic/index.js';
import { createStudioModule } from './modules/studio/index.js';
import { createSystemModule } from './modules/system/index.js';
import { createTrackersModule } from './modules/trackers/index.js';
import { createUserModule } from './modules/user/index.js';
import { createWallModule } from './modules/wall/index.js';

/**
 * The modules, each made by its own factory (`modules/<m>/index.ts`) from the dependencies it names, in
 * the order below: a module is built after everything it calls. Billing comes in two parts: its policy
 * (what a cabinet may do, how a screen is added) reads only the repositories and goes first; its ledger
 * tells the content sync and comes after the screens. One cycle remains, named: the file rules tell the
 * sync, which the point module makes after media; they reach it through `sync`, bound then.
 */
export async function buildModules(infra: Infrastructure) {
  const sync = new Later<ContentSync>('the content sync');
  const base = basicModules(infra);
  const { alerts, messenger } = base.messenger.services;
  const policy = billingPolicy(infra, alerts);
  const content = await contentModules(infra, policy, sync);
  sync.bind(content.point.sync);
  const billing = await buildBilling(infra, policy, content.point.sync);
  const people = peopleModules(infra, { billing: billing.services.billing, messenger });
  const work = await workModules(infra, { ...content, billing, alerts });
  return { ...base, billing, ...people, ...content, ...work };
}

export type Modules = Awaited<ReturnType<typeof buildModules>>;

/** What needs no other module: health, the brand and downloads, and the alerts. */
function basicModules(infra: Infrastructure) {
  const { config, log } = infra;
  const downloads = createDownloadsModule({ playersDir: config.playersDir, log });
  return {
    health: createHealthModule({ database: infra.database }),
    downloads,
    system: createSystemModule({ config, playerBuilds: downloads.services.playerBuilds }),
    messenger: createMessengerModule({
      repos: infra.repos,
      mailer: infra.mailer,
      config,
      webhookSecret: infra.secrets.telegramWebhook,
      seenWithinMs: OFFLINE_AFTER_SECONDS * 1000,
      warn: infra.warn,
      log,
    }),
  };
}

/**
 * Billing's first part (docs/billing.md): what a cabinet may do and how a screen is added, from the
 * repositories only, so the content modules are given it.
 */
function billingPolicy(infra: Infrastructure, alerts: AlertService): BillingFirst {
  return createBillingPolicy({
    repos: infra.repos,
    transact: infra.transact,
    config: infra.config.billing,
    lowFunds: (cabinetId, balance) => alerts.lowFunds(cabinetId, balance),
    log: infra.log,
  });
}

/** The rest of billing: the ledger, funds, recharges through Stripe when set, tariffs, the admin's console. */
async function buildBilling(infra: Infrastructure, first: BillingFirst, sync: ContentSync) {
  const billing = createBilling(first, {
    publicUrl: infra.config.publicUrl,
    issuer: infra.config.brandConfig.title,
    contentChanged: (cabinetId, change) => sync.changed(cabinetId, change),
  });
  await billing.start();
  return {
    services: { billing },
    routes: [async (app) => billingRoutes(app, { billing })],
  } satisfies Module<object>;
}

type Billing = Awaited<ReturnType<typeof buildBilling>>;

/** People and sign-in: two-factor, the bot check, auth, accounts, OIDC, shared access, users, cabinets. */
function peopleModules(
  infra: Infrastructure,
  { billing, messenger }: Billing['services'] & { messenger: MessengerService },
) {
  const { config, repos, transact, hasher, throttle, secrets } = infra;
  const { publicFormRate } = config;
  const security = createSecurityModule({
    repos,
    hasher,
    throttle,
    issuer: config.brandConfig.title,
    limits: { perLogin: config.loginThrottle.perLogin, windowSeconds: config.loginThrottle.windowSeconds },
  });
  const { twofa } = security.services;
  const botCheck = createBotCheckModule({
    repo: repos.botChecks,
    config: config.botCheck,
    secret: secrets.botCheck,
    log: infra.log,
    publicFormRate,
  });
  const auth = createAuthModule({
    auth: {
      twofa,
      botCheck: botCheck.services.botCheck,
      cabinets: repos.cabinets,
      access: repos.access,
      users: repos.users,
      credentials: repos.credentials,
      hasher,
      accessTokens: new AccessTokens(secrets.accessToken, config.accessTokenTtl),
      throttle,
      limits: config.loginThrottle,
      deviceMarks: new DeviceMarks(secrets.deviceMark),
      refreshTtlSeconds: config.refreshTokenTtl,
      brandRules: config.brandRules,
    },
    registration: { repos, transact, hasher, mailer: infra.mailer, publicUrl: config.publicUrl },
    publicFormRate,
  });
  const { auth: authService, registration } = auth.services;
  const user = createUserModule({ repos, transact, hasher });
  return {
    security,
    botCheck,
    auth,
    account: createAccountModule({
      repos,
      transact,
      hasher,
      throttle,
      auth: authService,
      registration,
      twofa,
      messenger,
      billing: (cabinetId) => billing.funds.dashboard(cabinetId),
    }),
    oidc: createOidcModule({
      repos,
      transact,
      hasher,
      auth: authService,
      publicUrl: config.publicUrl,
      publicFormRate,
      config: config.oidc ?? null,
    }),
    access: createAccessModule({ repos, auth: authService }),
    user,
    cabinet: createCabinetModule({ repos, billing: billing.admin, users: user.services.users }),
  };
}

/** The content: media, schedules, the SSP's ads, screens and their sync, playlists and walls. */
async function contentModules(infra: Infrastructure, billing: BillingFirst, sync: Later<ContentSync>) {
  const { policy, screens } = billing;
  const { config, repos, transact, storage, signer, fleet, devices, stockCabinetId } = infra;
  const media = createMediaModule({
    repos,
    transact,
    storage,
    signer,
    config,
    stockCabinetId,
    tmpDir: infra.tmpDir,
    outbound: infra.outbound,
    // The tariff's storage per screen slot.
    storageLimit: (cabinetId) => policy.storageQuota(cabinetId),
    contentChanged: (cabinetId, change) => sync.get().changed(cabinetId, change),
    onClose: infra.onClose,
  });
  const files = media.services.media;
  const schedule = createScheduleModule({ repos, media: files });
  const { schedule: days } = schedule.services;
  // The SSP connector's ads (docs/ssp.md): won ahead of their slots, carried in the screens' manifests;
  // asked only for cabinets billing lets run them (not locked or blocked, SSP in their tariff).
  const ssp = await createSspModule({
    repos,
    media: files,
    fetchPolicy: infra.outbound,
    warn: infra.warn,
    log: infra.log,
    productName: config.brandConfig.title,
    allowed: (cabinetId) => policy.allows(cabinetId, { feature: 'ssp' }),
    leftoverGaps: (c, from, to) => days.leftoverGaps(c.cabinetId, c.pointId, c.playlistId, from, to),
    tell: (cabinetId, pointIds) => fleet.send(cabinetId, pointIds, 'content', {}, null),
  });
  const point = createPointModule({
    repos,
    transact,
    fleet,
    devices,
    media: files,
    storage,
    signer,
    schedule: days,
    config,
    ads: (device) => ssp.services.ads.manifestAds(device),
    throttle: infra.throttle,
    // Every new screen goes through billing's lock, limit and charge.
    addScreen: (cabinetId, write) => screens.addScreen(cabinetId, write),
    // Billing's lock: the neutral slide after the grace period.
    neutralFrom: (cabinetId) => policy.neutralFrom(cabinetId),
  });
  const contentChanged = (cabinetId: CabinetId, change: ContentChange) =>
    point.sync.changed(cabinetId, change);
  const playlist = createPlaylistModule({
    repos,
    transact,
    media: files,
    stockCabinetId,
    contentChanged,
    beginDelta: point.beginPlaylistDelta,
    requireFeature: (cabinetId, feature) => policy.guard(cabinetId, { feature }),
  });
  const { points } = point.services;
  const wall = createWallModule({ repos, transact, contentChanged, points, schedule: days });
  return { media, schedule, ssp, point, playlist, wall };
}

type Content = Awaited<ReturnType<typeof contentModules>>;

/** What works over the content: the dashboard and fullness, playback, trackers, statistics, studio, plugins. */
async function workModules(infra: Infrastructure, m: Content & { billing: Billing; alerts: AlertService }) {
  const { config, repos, transact, storage, signer, log, tmpDir, onClose } = infra;
  const { billing } = m.billing.services;
  const { media } = m.media.services;
  const { quota } = m.media.uploads;
  const dashboard = createDashboardModule({
    repos,
    config,
    log,
    onClose,
    sync: m.point.sync,
    points: m.point.services.points,
    playlists: m.playlist.services.playlists,
    onShortfall: (cabinetId, byDay) => m.alerts.contentShortfall(cabinetId, byDay),
    quota: (cabinetId) => quota.limitOf(cabinetId),
    billing: (cabinetId) => billing.funds.dashboard(cabinetId),
  });
  return {
    dashboard,
    playback: createPlaybackModule({ repos, log: infra.warn }),
    trackers: createTrackersModule({ repos, fetchPolicy: infra.outbound, log: infra.warn }),
    statistic: await createStatisticModule({
      repos,
      transact,
      storage,
      signer,
      tmpDir,
      log,
      onClose,
      database: infra.database,
      retentionHours: config.exportRetentionHours,
      exportReady: (job) => void m.alerts.exportReady(job.cabinetId, job.userId, job.name).catch(log),
    }),
    studio: createStudioModule({
      studio: repos.studio,
      transact,
      mediaRepo: repos.media,
      media,
      storage,
      stockCabinetId: infra.stockCabinetId,
    }),
    plugin: createPluginModule({
      plugins: repos.plugins,
      studio: repos.studio,
      storage,
      tmpDir,
      fetchPolicy: infra.outbound,
    }),
  };
}
