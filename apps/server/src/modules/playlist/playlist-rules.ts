import {
  PLAYLIST_MESSAGES,
  allItems,
  can,
  canvasSize,
  checkPlaylist,
  playlistSspMode,
  wallContentProblems,
  type Playlist,
  type PlaylistInput,
  type PlaylistPatch,
} from '@vitrine/core';
import type { FileRow, WallRow } from '../../db/schema.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, notFound } from '../../lib/errors.js';
import { wallGrid } from '../wall/wall.presenter.js';
import type { PlaylistServiceDeps } from './playlist.service.js';

/**
 * The rules a playlist is saved under: every reference checked against the cabinet, the spec §5 rules
 * (shared with the editor through packages/core), content fitting its walls, and the settings only some
 * roles or tariffs may turn on.
 */
export class PlaylistRules {
  constructor(
    private readonly deps: Pick<PlaylistServiceDeps, 'repos' | 'stockCabinetId' | 'requireFeature'>,
  ) {}

  /** Files among `ids` the caller may put in a playlist: the cabinet's own and the shared stock library's. */
  async usableFiles(caller: Caller, ids: number[]): Promise<FileRow[]> {
    const stock = await this.deps.stockCabinetId();
    return this.deps.repos.playlists.usableFiles(stock ? [caller.cabinetId, stock] : [caller.cabinetId], ids);
  }

  /** Checks every reference against the cabinet and every spec §5 rule; throws with the fields at fault. */
  async check(caller: Caller, input: PlaylistInput): Promise<void> {
    const { playlistTargets, playlistTags } = this.deps.repos;
    const fileIds = [
      ...new Set([...allItems(input).map((i) => i.fileId), input.secondaryFileId ?? 0]),
    ].filter((id) => id > 0);
    const usable = await this.usableFiles(caller, fileIds);
    const byId = new Map<number, FileRow>(usable.map((f) => [f.id, f]));
    if (fileIds.some((id) => !byId.has(id))) throw notFound();
    const [pointIds, netIds, wallRows, tagIds] = await Promise.all([
      playlistTargets.existingPoints(caller.cabinetId, input.points),
      playlistTargets.existingNets(caller.cabinetId, input.nets),
      playlistTargets.namedWalls(caller.cabinetId, input.walls),
      playlistTags.existingTags(caller.cabinetId, input.tags),
    ]);
    if (
      pointIds.length !== new Set(input.points).size ||
      netIds.length !== new Set(input.nets).size ||
      wallRows.length !== new Set(input.walls).size ||
      tagIds.length !== new Set(input.tags).size
    ) {
      throw notFound();
    }
    this.checkWallContent(input, wallRows, byId);
    const screens = await playlistTargets.countReach(caller.cabinetId, input.points, input.nets, input.walls);
    const problems = checkPlaylist(input, {
      mediaDuration: (id) => byId.get(id)?.duration,
      screens: Math.max(1, screens),
    });
    const fields = Object.keys(problems.fields);
    if (fields.length) {
      throw new AppError('VALIDATION_ERROR', problems.fields[fields[0]!], problems.fields, {
        suggestions: problems.suggestions,
      });
    }
  }

  /**
   * Content on the walls the playlist targets is one picture across each: a file whose size is not a
   * wall's canvas is refused ('File size must match the view area size', with the sizes that fit) unless
   * its item is marked fit or fill (docs/walls.md).
   */
  private checkWallContent(input: PlaylistInput, walls: WallRow[], files: Map<number, FileRow>): void {
    if (walls.length === 0) return;
    const at = (path: string, i: PlaylistInput['files'][number]) => {
      const file = files.get(i.fileId);
      const sized = file && (file.kind === 'image' || file.kind === 'video');
      return {
        path,
        width: sized ? file.width : null,
        height: sized ? file.height : null,
        wallFit: i.wallFit,
      };
    };
    const items = [
      ...input.files.map((i, n) => at(`files.${n}`, i)),
      ...input.sections.flatMap((s, k) => s.files.map((i, n) => at(`sections.${k}.files.${n}`, i))),
    ];
    const problems = wallContentProblems(
      items,
      walls.map((w) => ({ name: w.name, canvas: canvasSize(wallGrid(w)) })),
    );
    const fields = Object.keys(problems.fields);
    if (fields.length) {
      throw new AppError('VALIDATION_ERROR', problems.fields[fields[0]!], problems.fields, {
        ...(problems.hint ? { hint: problems.hint } : {}),
      });
    }
  }

  /**
   * Turning ad requests on (the SSP connector or an advertising source, spec §4) takes a tariff with SSP;
   * turning them off or leaving them as they are does not.
   */
  async guardSsp(caller: Caller, body: PlaylistPatch, current: Playlist | null): Promise<void> {
    const next = playlistSspMode({
      sspConnector: body.sspConnector === undefined ? (current?.sspConnector ?? null) : body.sspConnector,
      source: body.source === undefined ? (current?.source ?? null) : body.source,
    });
    if (next === null || (current && playlistSspMode(current) !== null)) return;
    await this.deps.requireFeature?.(caller.cabinetId, 'ssp');
  }

  /** maxDuration is set only by roles holding the playlist.maxDuration key (spec §6). */
  guardMaxDuration(caller: Caller, body: PlaylistPatch, current: number | null): void {
    if (body.maxDuration === undefined || body.maxDuration === current) return;
    if (!can(caller.role, 'playlist.maxDuration')) {
      throw new AppError('FORBIDDEN', PLAYLIST_MESSAGES.maxDurationNotAllowed, {
        maxDuration: PLAYLIST_MESSAGES.maxDurationNotAllowed,
      });
    }
  }

  /** The rules again over waiting changes: a file, screen or tag removed since is said so, not 404. */
  async checkChanges(caller: Caller, input: PlaylistInput): Promise<void> {
    try {
      await this.check(caller, input);
    } catch (error) {
      // A file, screen or tag the change names was removed meanwhile: the owner can reject it.
      if (error instanceof AppError && error.code === 'NOT_FOUND')
        throw new AppError('VALIDATION_ERROR', PLAYLIST_MESSAGES.staleChange);
      throw error;
    }
  }
}
