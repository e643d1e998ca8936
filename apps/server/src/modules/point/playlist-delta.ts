import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories } from '../../db/repositories.js';
import { playlistAlone } from '../schedule/schedule-gather.js';
import { contribution, deltaOf, partDigest } from './content-version.js';

/** The screens a playlist saved alone settled: their versions are stored; `moved` is those that changed. */
export interface Settled {
  ids: Set<number>;
  moved: Set<number>;
}

/** What a save's delta ends with: the screens the playlist reaches after it, and those it settled. */
export interface Finished {
  reached: number[];
  settled: Settled | null;
}

/** A playlist as its screens count it: the screens it reaches and its contribution on each. */
interface Snapshot {
  reached: number[];
  /** The fast way does not apply: a wall (a cell plays its wall's playlists) or a rule naming a screen. */
  whole: boolean;
  on(pointId: number): bigint;
}

async function snapshot(repos: Repositories, cabinetId: CabinetId, playlistId: number): Promise<Snapshot> {
  const reached = await repos.playlistTargets.reachedPoints(cabinetId, [playlistId]);
  const alone = await playlistAlone(repos, cabinetId, playlistId);
  const walls = reached.length ? (await repos.schedule.wallsOf(cabinetId, reached)).byPoint.size > 0 : false;
  if (!alone || alone.perScreen || walls) return { reached, whole: true, on: () => 0n };
  const digest = partDigest(alone.part);
  return { reached, whole: false, on: (pointId) => contribution(digest, alone.share(pointId), alone.files) };
}

const sameSet = (a: number[], b: number[]) =>
  a.length === b.length && new Set([...a, ...b]).size === a.length;

/**
 * Saving one playlist without reading the rest of what its screens play (issue 33: 500 screens of 250
 * playlists each were 125,000 pairs read and hashed per save). Taken before the save writes, inside its
 * transaction (the playlist's row locked, so two saves of one playlist take turns): `finish`, after the
 * writes, moves each reached screen's sum by the playlist's new contribution less its old one and stores
 * the versions that follow (content-version.ts).
 *
 * It settles nothing (the screens are worked out whole, as any other change) when the save changes which
 * screens the playlist reaches (the shares of a per-network count move), when a reached screen is a wall's
 * cell, or when a file rule names a screen; and it leaves out each screen whose base and sum are not known.
 */
export class PlaylistDelta {
  private constructor(
    private readonly cabinetId: CabinetId,
    private readonly playlistId: number,
    private readonly before: Snapshot,
  ) {}

  /** Before the save writes: locks the playlist's row and reads its contribution as it is. */
  static async begin(repos: Repositories, cabinetId: CabinetId, playlistId: number): Promise<PlaylistDelta> {
    await repos.playlists.lock(cabinetId, playlistId);
    return new PlaylistDelta(cabinetId, playlistId, await snapshot(repos, cabinetId, playlistId));
  }

  /** The screens the playlist reached before the save. */
  get reached(): number[] {
    return this.before.reached;
  }

  /**
   * After the save wrote (same transaction): the screens the playlist reaches now, and those settled (null
   * when none could be).
   */
  async finish(repos: Repositories, reason: string | null, at: Date): Promise<Finished> {
    const after = await snapshot(repos, this.cabinetId, this.playlistId);
    const reached = after.reached;
    if (this.before.whole || after.whole || !sameSet(this.before.reached, reached))
      return { reached, settled: null };
    const deltas = new Map(reached.map((id) => [id, deltaOf(this.before.on(id), after.on(id))] as const));
    const { settled, moved } = await repos.contentVersions.addToSums(this.cabinetId, deltas, reason, at);
    return { reached, settled: { ids: new Set(settled), moved: new Set(moved) } };
  }
}
