import { accessApi } from './access.js';
import { accountApi } from './account.js';
import { authApi } from './auth.js';
import { adminApi, fundsApi } from './billing.js';
import { botCheckApi } from './botcheck.js';
import { brandApi } from './brand.js';
import { cabinetApi } from './cabinet.js';
import { dashboardApi } from './dashboard.js';
import { fileRulesApi } from './file-rules.js';
import { healthApi } from './health.js';
import { mediaApi } from './media.js';
import { messengerApi } from './messenger.js';
import { netApi } from './net.js';
import { oidcApi } from './oidc.js';
import { playbackApi } from './playback.js';
import { playerApi } from './player.js';
import { playlistApi } from './playlist.js';
import { pluginApi } from './plugin.js';
import { pointApi } from './point.js';
import { scheduleApi } from './schedule.js';
import { securityApi } from './security.js';
import { statisticApi } from './statistic.js';
import { sspApi, supplierApi } from './ssp.js';
import { creationApi, widgetApi } from './studio.js';
import { userApi } from './user.js';
import { wallApi } from './wall.js';
import type { RouteContract } from './route.js';

// Every /api route, described once (docs/ARCHITECTURE.md, "One contract"). The server registers from these
// tables; the web's client is typed by them.
export * from './route.js';
export * from './access.js';
export * from './account.js';
export * from './auth.js';
export * from './billing.js';
export * from './botcheck.js';
export * from './brand.js';
export * from './cabinet.js';
export * from './dashboard.js';
export * from './file-rules.js';
export * from './health.js';
export * from './media.js';
export * from './messenger.js';
export * from './net.js';
export * from './oidc.js';
export * from './playback.js';
export * from './player.js';
export * from './playlist.js';
export * from './plugin.js';
export * from './point.js';
export * from './schedule.js';
export * from './security.js';
export * from './statistic.js';
export * from './ssp.js';
export * from './studio.js';
export * from './user.js';
export * from './wall.js';

/** Every route table, by area: what the server must register, no more and no less. */
export const API = {
  access: accessApi,
  account: accountApi,
  auth: authApi,
  funds: fundsApi,
  admin: adminApi,
  botCheck: botCheckApi,
  brand: brandApi,
  cabinet: cabinetApi,
  dashboard: dashboardApi,
  fileRules: fileRulesApi,
  health: healthApi,
  media: mediaApi,
  messenger: messengerApi,
  net: netApi,
  oidc: oidcApi,
  playback: playbackApi,
  player: playerApi,
  playlist: playlistApi,
  plugin: pluginApi,
  point: pointApi,
  schedule: scheduleApi,
  security: securityApi,
  statistic: statisticApi,
  supplier: supplierApi,
  ssp: sspApi,
  widget: widgetApi,
  creation: creationApi,
  user: userApi,
  wall: wallApi,
} as const satisfies Record<string, Record<string, RouteContract>>;
