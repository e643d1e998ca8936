import type { Manifest } from '@vitrine/core';
import { sha256 } from '../../lib/tokens.js';
import type { FileHash, PlaylistPart, SchedulePlaylist } from '../schedule/schedule-inputs.js';

// A screen's content version, built so that a change to one playlist moves it without reading the rest
// (docs/ARCHITECTURE.md, "Content versions"):
//
//   version = sha256(base + ':' + sum), first 16 hex digits
//   base    = sha256 of the screen's own part: its engine view, settings, neutral slide, wall cell
//   sum     = Σ contribution(playlist) mod 2^128 over the playlists the screen plays
//   contribution = first 128 bits of sha256 of [the playlist's part digest, the screen's share of it,
//                  the hash of every file it shows]
//
// The screen keeps its base and sum beside its version, so a playlist saved alone adds its new
// contribution less its old one to each screen it reaches, in one statement that works the version out in
// SQL (content-version.repository.ts) with exactly this formula. Order does not count: a screen's
// playlists are always sorted by id, so their set decides their order.

/** Contributions add up modulo 2^128. */
export const SUM_MODULUS = 1n << 128n;

/** The digest of a playlist's part (all the engine reads of it on a screen but the screen's share). */
export const partDigest = (part: PlaylistPart): string => sha256(JSON.stringify(part));

/** One playlist's contribution to a screen's sum. */
export function contribution(
  digest: string,
  share: SchedulePlaylist['share'],
  files: readonly FileHash[],
): bigint {
  return BigInt(`0x${sha256(JSON.stringify([digest, share.screens, share.index, files])).slice(0, 32)}`);
}

/** The sum of contributions, modulo 2^128. */
export function sumOf(contributions: Iterable<bigint>): bigint {
  let sum = 0n;
  for (const c of contributions) sum += c;
  return sum % SUM_MODULUS;
}

/** What a new contribution adds to a sum that held the old one (modulo 2^128, never negative). */
export const deltaOf = (before: bigint, after: bigint): bigint =>
  (((after - before) % SUM_MODULUS) + SUM_MODULUS) % SUM_MODULUS;

/** The screen's own part of its version. `neutralFrom` and the wall cell count only when set. */
export function baseOf(
  screen: unknown,
  settings: Manifest['point'],
  neutralFrom: string | null,
  wall: Manifest['wall'] | undefined,
): string {
  const hold = neutralFrom === null ? [] : [neutralFrom];
  const cell = wall ? [wall] : [];
  return sha256(JSON.stringify([screen, settings, ...hold, ...cell]));
}

/** The version from a base and a sum (the SQL of content-version.repository.ts computes the same). */
export const versionFrom = (base: string, sum: bigint): string => sha256(`${base}:${sum}`).slice(0, 16);

/**
 * A batch's contributions, each worked out once where playlists read alike on every screen (then a
 * playlist's contribution differs between screens only by their share of a per-network count).
 */
export class Contributions {
  private readonly digests = new Map<number, string>();
  private readonly memo = new Map<string, bigint>();

  constructor(private readonly alike: boolean) {}

  of(part: PlaylistPart, share: SchedulePlaylist['share'], files: () => readonly FileHash[]): bigint {
    const key = `${part.id}:${share.screens}:${share.index}`;
    let value = this.alike ? this.memo.get(key) : undefined;
    if (value === undefined) {
      let digest = this.alike ? this.digests.get(part.id) : undefined;
      if (digest === undefined) {
        digest = partDigest(part);
        if (this.alike) this.digests.set(part.id, digest);
      }
      value = contribution(digest, share, files());
      if (this.alike) this.memo.set(key, value);
    }
    return value;
  }
}
