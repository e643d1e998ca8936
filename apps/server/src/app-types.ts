import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import type { Repositories } from './db/repositories.js';
import type { AccountService } from './modules/account/account.service.js';
import type { AuthService } from './modules/auth/auth.service.js';
import type { UnlockService } from './modules/auth/unlock.service.js';
import type { RegistrationService } from './modules/auth/registration.service.js';
import type { Billing } from './modules/billing/index.js';
import type { CabinetService } from './modules/cabinet/cabinet.service.js';
import type { FileStore } from '@tus/file-store';
import type { FileRulesService } from './modules/media/file-rules.service.js';
import type { MediaService } from './modules/media/media.service.js';
import type { Quota } from './modules/media/quota.js';
import type { PlaybackService } from './modules/playback/playback.service.js';
import type { PlaylistService } from './modules/playlist/playlist.service.js';
import type { PointService } from './modules/point/point.service.js';
import type { NetService } from './modules/point/net.service.js';
import type { PairingService } from './modules/point/pairing.service.js';
import type { ScheduleService } from './modules/schedule/schedule.service.js';
import type { DashboardService } from './modules/dashboard/dashboard.service.js';
import type { FullnessService } from './modules/dashboard/fullness.service.js';
import type { StudioService } from './modules/studio/studio.service.js';
import type { PluginService } from './modules/plugin/plugin.service.js';
import type { WallService } from './modules/wall/wall.service.js';
import type { StatisticService } from './modules/statistic/statistic.service.js';
import type { TrackerService } from './modules/trackers/tracker.service.js';
import type { SupplierService } from './modules/ssp/supplier.service.js';
import type { AdService } from './modules/ssp/ad.service.js';
import type { SspReportService } from './modules/ssp/ssp-report.service.js';
import type { UserService } from './modules/user/user.service.js';
import type { TwoFaService } from './modules/security/twofa.service.js';
import type { BotCheckService } from './modules/botcheck/botcheck.service.js';
import type { AccessService } from './modules/access/access.service.js';
import type { AlertService } from './modules/messenger/alerts.service.js';
import type { MessengerService } from './modules/messenger/messenger.service.js';
import type { OidcService } from './modules/oidc/oidc.service.js';
import type { PlayerBuilds } from './modules/downloads/player-builds.service.js';

/** The Fastify instance every route module receives: zod-typed schemas. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface Services {
  auth: AuthService;
  registration: RegistrationService;
  unlock: UnlockService;
  account: AccountService;
  users: UserService;
  cabinets: CabinetService;
  media: MediaService;
  fileRules: FileRulesService;
  playlists: PlaylistService;
  points: PointService;
  nets: NetService;
  pairing: PairingService;
  playback: PlaybackService;
  schedule: ScheduleService;
  dashboard: DashboardService;
  fullness: FullnessService;
  statistics: StatisticService;
  trackers: TrackerService;
  studio: StudioService;
  plugins: PluginService;
  walls: WallService;
  twofa: TwoFaService;
  botCheck: BotCheckService;
  access: AccessService;
  messenger: MessengerService;
  alerts: AlertService;
  oidc: OidcService;
  /** Billing's pieces, one per use case (modules/billing/index.ts). */
  billing: Billing;
  suppliers: SupplierService;
  ads: AdService;
  sspReports: SspReportService;
  /** The native players built into PLAYERS_DIR (docs/players.md). */
  playerBuilds: PlayerBuilds;
}

export interface RouteContext {
  services: Services;
  config: Config;
  database: DatabaseHandle;
  repos: Repositories;
  /** Uploads in progress: resumable uploads waiting for their bytes, and the quota they hold. */
  uploads: { tusStore: FileStore; quota: Quota };
}
