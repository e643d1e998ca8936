import { PERMISSIONS, type Dashboard, type FullnessRange, type Role } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories } from '../../db/repositories.js';
import type { Caller } from '../../lib/caller.js';
import type { PlaylistService } from '../playlist/playlist.service.js';
import type { PointService } from '../point/point.service.js';
import type { FullnessService } from './fullness.service.js';

export interface DashboardServiceDeps {
  repos: Pick<Repositories, 'quota'>;
  points: PointService;
  playlists: PlaylistService;
  fullness: FullnessService;
  /** The cabinet's library quota in bytes. */
  quota: (cabinetId: CabinetId) => Promise<number>;
  /** The billing stats (balance, runway, tariff, screens against its limit); null while billing is off. */
  billing: (cabinetId: CabinetId) => Promise<Dashboard['billing']>;
}

/** GET /api/dashboard: the cabinet at a glance (spec §3 dashboard stats) and broadcast fullness. */
export class DashboardService {
  constructor(private readonly deps: DashboardServiceDeps) {}

  async get(caller: Caller, range: FullnessRange): Promise<Dashboard> {
    const { points, playlists, repos } = this.deps;
    // Counts come from the same filters the lists use, so the dashboard and the lists always agree: one
    // statement for the screens' figures and one for the playlists', each reading the table once.
    // The balance is the owner's business (spec §6 Funds: owner).
    const seesFunds = (PERMISSIONS.funds as readonly Role[]).includes(caller.role);
    const [screens, lists, used, fullness, billing] = await Promise.all([
      points.counts(caller, {
        total: {},
        online: { status: 'ONLINE' },
        unstable: { status: 'UNSTABLE' },
        withoutContent: { hasContent: 'false' },
      }),
      playlists.counts(caller, {
        notExpired: { expiration: 'notexpired' },
        expiring: { expiration: 'expiring' },
        expired: { expiration: 'expired' },
      }),
      repos.quota.storedBytes(caller.cabinetId),
      this.deps.fullness.read(caller.cabinetId, range),
      seesFunds ? this.deps.billing(caller.cabinetId) : null,
    ]);
    const { total, online, unstable, withoutContent } = screens;
    const { notExpired, expiring, expired } = lists;
    return {
      space: { used, quota: await this.deps.quota(caller.cabinetId) },
      points: { total, online: online + unstable, offline: total - online - unstable, withoutContent },
      playlists: { active: notExpired - expiring, expiring, expired },
      billing,
      planning: this.deps.fullness.progress(caller.cabinetId, fullness.pending),
      fullness,
    };
  }
}
