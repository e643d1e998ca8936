import {
  WALL_MESSAGES,
  problemsAt,
  wallCellProblems,
  wallInputCells,
  type Wall,
  type WallCell,
  type WallInput,
  type WallListQuery,
  type WallPatch,
  type WallScreen,
  type WallStatus,
  type WallTileStatus,
  type DailySchedule,
  tileInStep,
} from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import { uniqueViolation } from '../../db/errors.js';
import type { Repositories, Transact } from '../../db/repositories.js';
import type { WallRow } from '../../db/schema.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, notFound } from '../../lib/errors.js';
import { toWall } from './wall.presenter.js';
import type { WallValues } from './wall.repository.js';
import type { ContentChange } from '../point/content-sync.js';
import type { PointService } from '../point/point.service.js';
import type { ScheduleService } from '../schedule/schedule.service.js';

export interface WallServiceDeps {
  repos: Pick<Repositories, 'walls'>;
  transact: Transact;
  /** A wall's screens play its timeline: a change to its cells or sizes changes their content. */
  contentChanged?: (cabinetId: CabinetId, change: ContentChange) => Promise<unknown>;
  /** Each tile's status and screenshot, as the screen's own page shows them. */
  points?: Pick<PointService, 'withScreenshots'>;
  /** The wall's day, as a screen's schedule tab shows one. */
  schedule?: Pick<ScheduleService, 'daily'>;
}

const screenColumns = (s: WallScreen) => ({
  screenWidthPx: s.widthPx,
  screenHeightPx: s.heightPx,
  screenWidthMm: s.widthMm,
  screenHeightMm: s.heightMm,
  bezelMm: s.bezelMm,
});

/**
 * Another request put one of the screens in a wall between the check and the write (a screen's cell is its
 * primary key): refused like the check would have.
 */
function lostRace(error: unknown): never {
  if (uniqueViolation(error)) {
    throw new AppError('VALIDATION_ERROR', WALL_MESSAGES.inOtherWall, { cells: WALL_MESSAGES.inOtherWall });
  }
  throw error;
}

/**
 * Video walls (spec §7 Wall calls, docs/walls.md): a grid of the cabinet's screens. The rules: every cell
 * inside the grid, one screen a cell, a screen used once and in no other wall, and only the cabinet's own
 * screens (another's is not found). A refused change changes nothing.
 */
export class WallService {
  constructor(private readonly deps: WallServiceDeps) {}

  private async present(cabinetId: CabinetId, rows: WallRow[]): Promise<Wall[]> {
    const cells = await this.deps.repos.walls.cellsOf(
      cabinetId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toWall(r, cells.get(r.id) ?? []));
  }

  /** The wall's screens before and after a change get their new manifest at once (the wall plays in step). */
  private async changed(cabinetId: CabinetId, name: string, pointIds: number[]): Promise<void> {
    if (!this.deps.contentChanged || pointIds.length === 0) return;
    await this.deps.contentChanged(cabinetId, {
      immediate: [...new Set(pointIds)],
      passive: [],
      reason: { kind: 'wall', name },
    });
  }

  async list(caller: Caller, query: WallListQuery) {
    const { rows, total } = await this.deps.repos.walls.list(caller.cabinetId, query);
    return { items: await this.present(caller.cabinetId, rows), total };
  }

  async get(caller: Caller, id: number): Promise<Wall> {
    const row = await this.deps.repos.walls.wall(caller.cabinetId, id);
    if (!row) throw notFound();
    return (await this.present(caller.cabinetId, [row]))[0]!;
  }

  /**
   * The wall's playlists and each tile's status (docs/walls.md): online as the screen's page says, in step
   * and its skew as the tile last reported with its heartbeat (a report for another wall does not count),
   * and its last screenshot.
   */
  async status(caller: Caller, id: number): Promise<WallStatus> {
    const wall = await this.get(caller, id);
    const points = this.deps.points;
    if (!points) throw new Error('WallService needs the point service for tile status');
    // Every tile's screen read and presented together: the page asks every few seconds.
    const screens = await points.withScreenshots(
      caller,
      wall.cells.map((cell) => cell.pointId),
    );
    const byId = new Map(screens.map((s) => [s.point.id, s]));
    const tiles: WallTileStatus[] = [];
    for (const cell of wall.cells) {
      const { point, screenshotUrl } = byId.get(cell.pointId)!;
      const report = point.player?.wall?.wallId === wall.id ? point.player.wall : null;
      tiles.push({
        pointId: point.id,
        name: point.name,
        column: cell.column,
        row: cell.row,
        status: point.status,
        synchronized: tileInStep(point.status, report?.synchronized ?? false),
        p50: report?.p50 ?? null,
        p95: report?.p95 ?? null,
        max: report?.max ?? null,
        reportedAt: report ? point.lastSeen : null,
        screenshotUrl,
      });
    }
    return { playlists: await this.deps.repos.walls.playlistsOf(caller.cabinetId, id), tiles };
  }

  /** The wall's day: its first screen plays the wall's one timeline, on that screen's clock. */
  async schedule(caller: Caller, id: number, date: string | undefined): Promise<DailySchedule> {
    const wall = await this.get(caller, id);
    const lead = wall.cells[0];
    if (!lead || !this.deps.schedule) throw notFound();
    // The wall's day alone: not the lead screen's own playlists, whether the wall replaces them or not yet.
    return this.deps.schedule.daily(caller, lead.pointId, date, { wall: true });
  }

  /**
   * The cells the input gives (its `cells`, or spec §3's `points`), refused where they break the wall's
   * rules, each problem on the body path it came from; `wallId` is the wall being changed (null: a new one).
   */
  private async checkedCells(
    cabinetId: CabinetId,
    grid: { width: number; height: number },
    input: Pick<WallPatch, 'cells' | 'points'>,
    wallId: number | null,
  ): Promise<WallCell[] | undefined> {
    // Another cabinet's screen is not found, however the input names it.
    const named = [...(input.cells ?? []).map((c) => c.pointId), ...(input.points ?? [])];
    const ids = [...new Set(named.filter((id): id is number => id !== null))];
    if ((await this.deps.repos.walls.ownedPoints(cabinetId, ids)).length !== ids.length) throw notFound();
    const { cells, paths, problem } = wallInputCells(grid, input);
    if (problem) throw new AppError('VALIDATION_ERROR', Object.values(problem)[0], problem);
    if (!cells) return undefined;
    await this.check(cabinetId, grid, cells, wallId, paths);
    return cells;
  }

  /** Refuses cells (the cabinet's screens) that break the wall's rules, each on its body path. */
  private async check(
    cabinetId: CabinetId,
    grid: { width: number; height: number },
    cells: readonly WallCell[],
    wallId: number | null,
    paths: readonly string[],
  ): Promise<void> {
    const ids = [...new Set(cells.map((c) => c.pointId))];
    const found = wallCellProblems(grid, cells);
    const taken = new Set(await this.deps.repos.walls.inOtherWalls(cabinetId, ids, wallId));
    cells.forEach((cell, i) => {
      if (taken.has(cell.pointId)) found[`cells.${i}.pointId`] ??= WALL_MESSAGES.inOtherWall;
    });
    const problems = problemsAt(found, paths);
    const first = Object.values(problems)[0];
    if (first) throw new AppError('VALIDATION_ERROR', first, problems);
  }

  async create(caller: Caller, body: WallInput): Promise<Wall> {
    const cells = (await this.checkedCells(caller.cabinetId, body, body, null)) ?? [];
    const values: WallValues = {
      name: body.name,
      width: body.width,
      height: body.height,
      ...screenColumns(body.screen),
    };
    const row = await this.deps
      .transact(async (repos) => {
        const wall = await repos.walls.insert(caller.cabinetId, values);
        await repos.walls.setCells(caller.cabinetId, wall.id, cells);
        return wall;
      })
      .catch(lostRace);
    await this.changed(
      caller.cabinetId,
      row.name,
      cells.map((c) => c.pointId),
    );
    return this.get(caller, row.id);
  }

  async patch(caller: Caller, id: number, body: WallPatch): Promise<Wall> {
    const current = await this.get(caller, id);
    const grid = { width: body.width ?? current.width, height: body.height ?? current.height };
    const given = await this.checkedCells(caller.cabinetId, grid, body, id);
    // Kept cells are checked against a changed grid (a smaller wall may leave one outside).
    if (!given)
      await this.check(
        caller.cabinetId,
        grid,
        current.cells,
        id,
        current.cells.map((_, i) => `cells.${i}`),
      );
    await this.deps
      .transact(async (repos) => {
        await repos.walls.update(caller.cabinetId, id, {
          name: body.name,
          width: body.width,
          height: body.height,
          ...(body.screen ? screenColumns(body.screen) : {}),
        });
        if (given) await repos.walls.setCells(caller.cabinetId, id, given);
      })
      .catch(lostRace);
    const after = await this.get(caller, id);
    await this.changed(caller.cabinetId, after.name, [
      ...current.cells.map((c) => c.pointId),
      ...after.cells.map((c) => c.pointId),
    ]);
    return after;
  }

  async remove(caller: Caller, id: number): Promise<void> {
    const current = await this.get(caller, id);
    await this.deps.repos.walls.remove(caller.cabinetId, id);
    await this.changed(
      caller.cabinetId,
      current.name,
      current.cells.map((c) => c.pointId),
    );
  }
}
