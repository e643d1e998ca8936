import { PERMISSIONS, type Dashboard, type FullnessRange, type Role } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories } from '../../db/repositories.js';
import type { Caller } from '../../lib/caller.js';
import type { PlaylistFilter } from '../playlist/playlist.repository.js';
import type { PlaylistService } from '../playlist/playlist.service.js';
import type { PointFilter } from '../point/point.repository.js';
import type { PointService } from '../point/point.service.js';
import type { FullnessService } from './fullness.service.js';

export interface DashboardServiceDeps {
  repos: Repositories;
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
    // Counts come from the same filters the lists use, so the dashboard and the lists always agree; only
    // the count is read (a page of one screen cost its presentation, and the 'without content' filter twice).
    const pointsTotal = (filter: PointFilter) => points.count(caller, filter);
    const playlistsTotal = (filter: PlaylistFilter) => playlists.count(caller, filter);
    // The balance is the owner's business (spec §6 Funds: owner).
    const seesFunds = (PERMISSIONS.funds as readonly Role[]).includes(caller.role);
    const [total, online, unstable, withoutContent, notExpired, expiring, expired, used, fullness, billing] =
      await Promise.all([
        pointsTotal({}),
        pointsTotal({ status: 'ONLINE' }),
        pointsTotal({ status: 'UNSTABLE' }),
        pointsTotal({ hasContent: 'false' }),
        playlistsTotal({ expiration: 'notexpired' }),
        playlistsTotal({ expiration: 'expiring' }),
        playlistsTotal({ expiration: 'expired' }),
        repos.quota.storedBytes(caller.cabinetId),
        this.deps.fullness.read(caller.cabinetId, range),
        seesFunds ? this.deps.billing(caller.cabinetId) : null,
      ]);
    return {
      space: { used, quota: await this.deps.quota(caller.cabinetId) },
      points: { total, online: online + unstable, offline: total - online - unstable, withoutContent },
      playlists: { active: notExpired - expiring, expiring, expired },
      billing,
      fullness,
    };
  }
}
