/**
 * The placer's not-planned shows, counted a stream at a time and handed to the day's tally once the run
 * ends: an overbooked day loses shows in tens of thousands of turns, each a few, and the tally's lookups
 * (by playlist, reason and file) cost more than the turn. A stream's run of the same reason and file is
 * one number; another reason or file hands the run over. The tally only adds, so the sums are the same.
 */
import type { Unplanned } from './common.js';
import type { UnplannedReason } from './types.js';

export class LostShows {
  private readonly reasons: (UnplannedReason | null)[];
  private readonly files: (number | null)[];
  private readonly shows: Float64Array;

  /** Streams are known by their rank (0 to `streams` - 1). */
  constructor(
    private readonly playlistIds: readonly number[],
    private readonly unplanned: Unplanned,
  ) {
    this.reasons = playlistIds.map(() => null);
    this.files = playlistIds.map(() => null);
    this.shows = new Float64Array(playlistIds.length);
  }

  add(rank: number, fileId: number | null, reason: UnplannedReason, shows: number): void {
    if (this.reasons[rank] !== reason || this.files[rank] !== fileId) {
      this.handOver(rank);
      this.reasons[rank] = reason;
      this.files[rank] = fileId;
    }
    this.shows[rank] = this.shows[rank]! + shows;
  }

  private handOver(rank: number): void {
    const reason = this.reasons[rank];
    if (reason) this.unplanned.add(this.playlistIds[rank]!, this.files[rank]!, reason, this.shows[rank]!);
    this.reasons[rank] = null;
    this.shows[rank] = 0;
  }

  /** Every stream's run into the day's tally. */
  flush(): void {
    for (let rank = 0; rank < this.playlistIds.length; rank++) this.handOver(rank);
  }
}
