import type { Database } from './client.js';
import { BillingRepository } from '../modules/billing/billing.repository.js';
import { BillingAdminRepository } from '../modules/billing/billing-admin.repository.js';
import { CabinetRepository } from '../modules/cabinet/cabinet.repository.js';
import { CredentialRepository } from '../modules/auth/credential.repository.js';
import { FileRulesRepository } from '../modules/media/file-rules.repository.js';
import { MediaRepository } from '../modules/media/media.repository.js';
import { QuotaRepository } from '../modules/media/quota.repository.js';
import { PlaybackRepository } from '../modules/playback/playback.repository.js';
import { PlaylistRepository } from '../modules/playlist/playlist.repository.js';
import { PlaylistChangesRepository } from '../modules/playlist/playlist-changes.repository.js';
import { PlaylistEndRepository } from '../modules/playlist/playlist-end.repository.js';
import { PlaylistTagsRepository } from '../modules/playlist/playlist-tags.repository.js';
import { PlaylistTargetsRepository } from '../modules/playlist/playlist-targets.repository.js';
import { NetRepository } from '../modules/point/net.repository.js';
import { PointCommandRepository } from '../modules/point/point-command.repository.js';
import { PointRepository } from '../modules/point/point.repository.js';
import { PairingRepository } from '../modules/point/pairing.repository.js';
import { ContentVersionRepository } from '../modules/point/content-version.repository.js';
import { PointHistoryRepository } from '../modules/point/point-history.repository.js';
import { StudioRepository } from '../modules/studio/studio.repository.js';
import { PluginRepository } from '../modules/plugin/plugin.repository.js';
import { StatisticRepository } from '../modules/statistic/statistic.repository.js';
import { CorrectionRepository } from '../modules/statistic/correction.repository.js';
import { ExportJobRepository } from '../modules/statistic/export-job.repository.js';
import { ScheduleRepository } from '../modules/schedule/schedule.repository.js';
import { FullnessRepository } from '../modules/dashboard/fullness.repository.js';
import { FailureRepository } from '../modules/system/failure.repository.js';
import { SettingsRepository } from '../modules/system/settings.repository.js';
import { TimedJobRepository } from '../modules/system/timed-job.repository.js';
import { TrackerRepository } from '../modules/trackers/tracker.repository.js';
import { UserRepository } from '../modules/user/user.repository.js';
import { TwoFaRepository } from '../modules/security/twofa.repository.js';
import { AccessRepository } from '../modules/access/access.repository.js';
import { MessengerRepository } from '../modules/messenger/messenger.repository.js';
import { OidcRepository } from '../modules/oidc/oidc.repository.js';
import { BotCheckRepository } from '../modules/botcheck/botcheck.repository.js';
import { WallRepository } from '../modules/wall/wall.repository.js';
import { SupplierRepository } from '../modules/ssp/supplier.repository.js';
import { AdRepository } from '../modules/ssp/ad.repository.js';
import { AdReportRepository } from '../modules/ssp/ad-report.repository.js';

export interface Repositories {
  cabinets: CabinetRepository;
  users: UserRepository;
  credentials: CredentialRepository;
  settings: SettingsRepository;
  failures: FailureRepository;
  timedJobs: TimedJobRepository;
  media: MediaRepository;
  fileRules: FileRulesRepository;
  quota: QuotaRepository;
  playlists: PlaylistRepository;
  playlistTargets: PlaylistTargetsRepository;
  playlistTags: PlaylistTagsRepository;
  playlistChanges: PlaylistChangesRepository;
  playlistEnd: PlaylistEndRepository;
  points: PointRepository;
  pairings: PairingRepository;
  contentVersions: ContentVersionRepository;
  pointHistory: PointHistoryRepository;
  nets: NetRepository;
  pointCommands: PointCommandRepository;
  playbacks: PlaybackRepository;
  schedule: ScheduleRepository;
  fullness: FullnessRepository;
  statistics: StatisticRepository;
  corrections: CorrectionRepository;
  exportJobs: ExportJobRepository;
  trackers: TrackerRepository;
  studio: StudioRepository;
  plugins: PluginRepository;
  twofa: TwoFaRepository;
  access: AccessRepository;
  messenger: MessengerRepository;
  oidc: OidcRepository;
  billing: BillingRepository;
  billingAdmin: BillingAdminRepository;
  botChecks: BotCheckRepository;
  walls: WallRepository;
  suppliers: SupplierRepository;
  ads: AdRepository;
  adReports: AdReportRepository;
}

export function createRepositories(db: Database): Repositories {
  return {
    cabinets: new CabinetRepository(db),
    users: new UserRepository(db),
    credentials: new CredentialRepository(db),
    settings: new SettingsRepository(db),
    failures: new FailureRepository(db),
    timedJobs: new TimedJobRepository(db),
    media: new MediaRepository(db),
    fileRules: new FileRulesRepository(db),
    quota: new QuotaRepository(db),
    playlists: new PlaylistRepository(db),
    playlistTargets: new PlaylistTargetsRepository(db),
    playlistTags: new PlaylistTagsRepository(db),
    playlistChanges: new PlaylistChangesRepository(db),
    playlistEnd: new PlaylistEndRepository(db),
    points: new PointRepository(db),
    pairings: new PairingRepository(db),
    contentVersions: new ContentVersionRepository(db),
    pointHistory: new PointHistoryRepository(db),
    nets: new NetRepository(db),
    pointCommands: new PointCommandRepository(db),
    playbacks: new PlaybackRepository(db),
    schedule: new ScheduleRepository(db),
    fullness: new FullnessRepository(db),
    statistics: new StatisticRepository(db),
    corrections: new CorrectionRepository(db),
    exportJobs: new ExportJobRepository(db),
    trackers: new TrackerRepository(db),
    studio: new StudioRepository(db),
    plugins: new PluginRepository(db),
    twofa: new TwoFaRepository(db),
    access: new AccessRepository(db),
    messenger: new MessengerRepository(db),
    oidc: new OidcRepository(db),
    billing: new BillingRepository(db),
    billingAdmin: new BillingAdminRepository(db),
    botChecks: new BotCheckRepository(db),
    walls: new WallRepository(db),
    suppliers: new SupplierRepository(db),
    ads: new AdRepository(db),
    adReports: new AdReportRepository(db),
  };
}

/** Runs work in one transaction with repositories bound to it. */
export type Transact = <T>(work: (repos: Repositories) => Promise<T>) => Promise<T>;

export function createTransact(db: Database): Transact {
  return (work) => db.transaction((tx) => work(createRepositories(tx as unknown as Database)));
}
