import type { CabinetId } from '../../db/cabinet-id.js';
import type { PlaylistStore } from './playlist-store.js';
import type { PlaylistServiceDeps } from './playlist.service.js';

/** The latest time zone (UTC-12): once a wall time has passed there, it has passed on every screen. */
export const LATEST_ZONE_MS = 12 * 3_600_000;

/** A UTC instant written as a wall clock. */
export const utcWall = (ms: number): string => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/**
 * End of validity (spec §3, actionOnEnd): a playlist whose end has passed takes its end action, DETACH (its
 * screens are taken off) or DELETE (it is removed), once.
 */
export class EndOfValidityService {
  private readonly clock: () => Date;

  constructor(
    private readonly deps: Pick<PlaylistServiceDeps, 'transact' | 'clock'>,
    private readonly store: PlaylistStore,
  ) {
    this.clock = deps.clock ?? (() => new Date());
  }

  /**
   * Runs DETACH and DELETE for playlists whose end has passed on every screen's clock. One process at a
   * time (an advisory lock); each playlist once (ended_at).
   */
  async run(now = this.clock()): Promise<{ detached: number; deleted: number }> {
    const cutoff = utcWall(now.getTime() - LATEST_ZONE_MS);
    const takedowns = new Map<CabinetId, number[]>();
    const done = await this.deps.transact(async (repos) => {
      if (!(await repos.playlistEnd.tryEndActionLock())) return { detached: 0, deleted: 0 };
      const due = await repos.playlistEnd.platformEndedWithAction(cutoff);
      for (const p of due) {
        const reached = await repos.playlistTargets.reachedPoints(p.cabinetId, [p.id]);
        takedowns.set(p.cabinetId, [...(takedowns.get(p.cabinetId) ?? []), ...reached]);
      }
      const detach = due.filter((p) => p.actionOnEnd === 'DETACH').map((p) => p.id);
      const remove = due.filter((p) => p.actionOnEnd === 'DELETE').map((p) => p.id);
      await repos.playlistEnd.platformDetachAll(detach);
      await repos.playlistEnd.platformMarkEnded(detach);
      await repos.playlistEnd.platformRemoveByIds(remove);
      return { detached: detach.length, deleted: remove.length };
    });
    for (const [cabinetId, pointIds] of takedowns) await this.store.changed(cabinetId, null, pointIds);
    return done;
  }
}
