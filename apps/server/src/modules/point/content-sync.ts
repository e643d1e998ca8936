import {
  DEFAULT_WINDOWS,
  type CommandName,
  type ContentChangeReason,
  type ContentUpdate,
  type Manifest,
  type ScheduleInputData,
  shortDecimal,
} from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories } from '../../db/repositories.js';
import type { PointRow } from '../../db/schema.js';
import { slicer } from '../../lib/yield.js';
import {
  byCabinet,
  type ScheduleService,
  type ScreenParts,
  type VersionInput,
} from '../schedule/schedule.service.js';
import type { FileHash } from '../schedule/schedule-inputs.js';
import { Contributions, baseOf, sumOf, versionFrom } from './content-version.js';
import type { Fleet } from './fleet.js';
import type { Settled } from './playlist-delta.js';

/** What the player needs of its screen: its settings, no status or report. */
export function playerSettings(row: PointRow): Manifest['point'] {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    location:
      row.latitude !== null && row.longitude !== null ? { lat: row.latitude, lng: row.longitude } : null,
    timezone: row.timezone,
    rotation: row.rotation,
    autostart: row.autostart,
    transitionMs: row.transitionMs,
    relaunchInterval: row.relaunchInterval,
    workFrom: row.workFrom,
    workTo: row.workTo,
    commercialCycle: row.commercialCycle,
    windows: row.windows ?? DEFAULT_WINDOWS,
    config: row.config,
    audience: row.audience ?? null,
    playbackCost: row.playbackCost === null ? null : shortDecimal(row.playbackCost),
    syncInterval: row.syncInterval,
    cameraStreamUrl: row.cameraStreamUrl,
    isStoped: row.isStopped,
  };
}

/** A screen's content version with the base and sum it is made of (content-version.ts). */
export interface Versioned {
  version: string;
  base: string;
  sum: bigint;
}

/**
 * The version of what a screen plays: its schedule, the bytes of its files and its settings. File names
 * and signed addresses are labels and do not count: renaming a file or a new signature is no new content.
 * Each playlist counts by its contribution (content-version.ts), worked out once for a batch where
 * playlists read alike on every screen; the version is the same either way.
 */
export function versionOf(
  input: Pick<VersionInput, 'screen' | 'playlists' | 'files' | 'wall'>,
  settings: Manifest['point'],
  contributions: Contributions = new Contributions(false),
  /** When the neutral slide starts (billing); counted only when set, so paying screens keep their versions. */
  neutralFrom: string | null = null,
): Versioned {
  const sum = sumOf(
    input.playlists.map(({ part, share }) => contributions.of(part, share, () => input.files(part.id))),
  );
  const base = baseOf(input.screen, settings, neutralFrom, input.wall);
  return { version: versionFrom(base, sum), base, sum };
}

/** The version of a screen's manifest: `versionOf` its schedule as the player gets it. */
export function contentVersion(
  schedule: ScheduleInputData,
  files: (playlistId: number) => FileHash[],
  settings: Manifest['point'],
  contributions?: Contributions,
  /** When the neutral slide starts (billing); counted only when set, so paying screens keep their versions. */
  neutralFrom: string | null = null,
  wall?: Manifest['wall'],
): string {
  const playlists = schedule.playlists.map(({ share, ...part }) => ({ part, share }));
  return versionOf({ screen: schedule.screen, playlists, files, wall }, settings, contributions, neutralFrom)
    .version;
}

/** A change to some screens' content: those told at once, those that wait for their regular fetch. */
export interface ContentChange {
  immediate: Iterable<number>;
  passive: Iterable<number>;
  /** What brought it (a playlist, a network, the settings); null when unknown. */
  reason: ContentChangeReason | null;
  /** Screens whose new versions are stored already (a playlist saved alone, playlist-delta.ts). */
  settled?: Settled;
}

/** Nothing on the screen: a player that reports no item (or never reported) has nothing to play. */
const idle = (row: PointRow): boolean => !row.report?.currentItem;

/**
 * Synchronisation as a fact. Each screen's current content version is worked out, with the same function
 * the manifest uses, whenever something it depends on changes (a playlist that reaches it, its settings,
 * its networks), and kept in its row with when and what changed it. A screen is synchronised while it
 * reports playing that version. ACTIVE changes (and takedowns) are sent to the screens at once, and so is
 * any change to a screen with nothing to play; PASSIVE ones wait for the screen's next regular fetch, every
 * `syncInterval` minutes.
 */
export class ContentSync {
  private readonly clock: () => Date;

  constructor(
    private readonly deps: {
      repos: Repositories;
      schedule: ScheduleService;
      fleet: Fleet;
      /** From when a cabinet's screens show the neutral slide (billing's lock); absent: never. */
      neutralFrom?: (cabinetId: CabinetId) => Promise<string | null>;
      clock?: () => Date;
    },
  ) {
    this.clock = deps.clock ?? (() => new Date());
  }

  /** The manifest of each screen (one cabinet's), with its version. */
  async manifests(rows: PointRow[]): Promise<Map<number, Manifest>> {
    const content = await this.deps.schedule.forPlayers(rows);
    const out = new Map<number, Manifest>();
    const holds = await this.neutralHolds(rows);
    let contributions: Contributions | undefined;
    for (const row of rows) {
      const { schedule, files, playlistFiles, alike, wall } = content.get(row.id)!;
      const point = playerSettings(row);
      const neutralFrom = holds.get(row.cabinetId) ?? null;
      contributions = alike ? (contributions ?? new Contributions(true)) : new Contributions(false);
      const version = contentVersion(schedule, playlistFiles, point, contributions, neutralFrom, wall);
      out.set(row.id, {
        version,
        point,
        schedule,
        files,
        billing: { neutralFrom },
        ...(wall ? { wall } : {}),
      });
    }
    return out;
  }

  /**
   * Works out the current version of the screens a change may touch and stores those that moved; sends
   * 'content' at once to the immediate ones that moved and to moved screens with nothing to play.
   * Answers how many screens changed, how many update now, and the longest wait of the others.
   */
  async changed(
    cabinetId: CabinetId,
    change: ContentChange,
    /** How screens are told; null: not at all (a command of the caller's own tells them). */
    command: { name: CommandName; by: number | null } | null = { name: 'content', by: null },
  ): Promise<ContentUpdate> {
    const immediate = new Set(change.immediate);
    const ids = [...new Set([...immediate, ...change.passive])];
    if (ids.length === 0) return { screens: 0, now: 0, within: null };
    const rows = await this.deps.repos.points.pointsByIds(cabinetId, ids);
    const settled = change.settled;
    const { moved, versions } = await this.store(
      cabinetId,
      settled ? rows.filter((row) => !settled.ids.has(row.id)) : rows,
      change.reason,
    );
    for (const row of rows) {
      if (!settled?.ids.has(row.id)) continue;
      versions.set(row.id, row.currentVersion!);
      if (settled.moved.has(row.id)) moved.add(row.id);
    }
    const behind = (row: PointRow) => row.report?.contentVersion !== versions.get(row.id);
    // At once: what moved on a screen with nothing to play, and ACTIVE changes (with whatever else the
    // screen still waits for, should this one change nothing itself).
    const now = rows.filter(
      (row) =>
        (moved.has(row.id) && idle(row)) || (immediate.has(row.id) && (moved.has(row.id) || behind(row))),
    );
    const waiting = rows.filter((row) => moved.has(row.id) && !now.includes(row));
    if (command) {
      await this.deps.fleet.send(
        cabinetId,
        now.map((row) => row.id),
        command.name,
        {},
        command.by,
      );
    }
    return {
      screens: moved.size,
      now: now.length,
      within: waiting.length ? Math.max(...waiting.map((row) => row.syncInterval)) : null,
    };
  }

  /** Screens whose current version was never worked out (new, or from before this existed) get one. */
  async ensure(rows: PointRow[]): Promise<PointRow[]> {
    const missing = rows.filter((row) => row.currentVersion === null);
    if (missing.length === 0) return rows;
    for (const [cabinetId, list] of byCabinet(missing)) await this.store(cabinetId, list, null);
    return this.reread(rows);
  }

  /**
   * `ensure` for one cabinet's screens, with each one's schedule parts for the fullness planner. Where a
   * version is missing, the parts come from the same reading as the versions: one gathering of a batch's
   * inputs instead of two, and a stored version that is the digest of exactly what was planned.
   */
  async ensureParts(
    cabinetId: CabinetId,
    rows: PointRow[],
  ): Promise<{ rows: PointRow[]; screens: Map<number, ScreenParts>; alike: boolean }> {
    const missing = rows.filter((row) => row.currentVersion === null);
    if (missing.length === 0) return { rows, ...(await this.deps.schedule.parts(cabinetId, rows)) };
    const inputs = await this.deps.schedule.forVersions(rows);
    await this.store(cabinetId, missing, null, inputs);
    const screens = new Map<number, ScreenParts>();
    for (const [id, { screen, playlists }] of inputs) screens.set(id, { screen, playlists });
    return { rows: await this.reread(rows), screens, alike: [...inputs.values()].every((i) => i.alike) };
  }

  /** The rows again, as stored now (in their order; one no longer there stays as it was). */
  private async reread(rows: PointRow[]): Promise<PointRow[]> {
    const fresh = await this.deps.repos.points.pointsByIds(
      rows[0]!.cabinetId,
      rows.map((row) => row.id),
    );
    const byId = new Map(fresh.map((row) => [row.id, row]));
    return rows.map((row) => byId.get(row.id) ?? row);
  }

  /** A manifest was just served: if it is newer than the stored version (a change no hook saw), it becomes current. */
  async served(row: PointRow, version: string): Promise<void> {
    await this.deps.repos.contentVersions.markServed(
      row.cabinetId,
      row.id,
      version,
      this.clock(),
      row.currentVersion !== version,
    );
  }

  /** When each cabinet's screens go neutral (billing), or null while the cabinet pays. */
  private async neutralHolds(rows: PointRow[]): Promise<Map<CabinetId, string | null>> {
    const holds = new Map<CabinetId, string | null>();
    for (const cabinetId of new Set(rows.map((row) => row.cabinetId))) {
      holds.set(cabinetId, (await this.deps.neutralFrom?.(cabinetId)) ?? null);
    }
    return holds;
  }

  /**
   * Stores the versions that moved (worked out from `given`, the inputs when they were read already);
   * answers their ids and every screen's version.
   */
  private async store(
    cabinetId: CabinetId,
    rows: PointRow[],
    reason: ContentChangeReason | null,
    given?: Map<number, VersionInput>,
  ): Promise<{ moved: Set<number>; versions: Map<number, string> }> {
    if (rows.length === 0) return { moved: new Set(), versions: new Map() };
    const inputs = given ?? (await this.deps.schedule.forVersions(rows));
    const holds = await this.neutralHolds(rows);
    const shared = new Contributions(true);
    const worked = new Map<number, Versioned>();
    const pause = slicer();
    for (const row of rows) {
      await pause();
      const input = inputs.get(row.id)!;
      const neutralFrom = holds.get(row.cabinetId) ?? null;
      const contributions = input.alike ? shared : new Contributions(false);
      worked.set(row.id, versionOf(input, playerSettings(row), contributions, neutralFrom));
    }
    const versions = new Map([...worked].map(([id, v]) => [id, v.version]));
    // Written whenever the base or sum is not what the screen keeps, so the next playlist saved alone
    // (playlist-delta.ts) starts from exactly these.
    const moved = rows.filter((row) => versions.get(row.id) !== row.currentVersion);
    const parts = (row: PointRow) => ({ id: row.id, ...worked.get(row.id)! });
    await this.deps.repos.contentVersions.setCurrentVersions(
      cabinetId,
      moved.map(parts),
      reason ? JSON.stringify(reason) : null,
      this.clock(),
    );
    await this.deps.repos.contentVersions.keepParts(
      cabinetId,
      rows
        .filter((row) => versions.get(row.id) === row.currentVersion)
        .filter(
          (row) =>
            row.contentBase !== worked.get(row.id)!.base ||
            row.contentSum !== String(worked.get(row.id)!.sum),
        )
        .map(parts),
    );
    return { moved: new Set(moved.map((row) => row.id)), versions };
  }
}
