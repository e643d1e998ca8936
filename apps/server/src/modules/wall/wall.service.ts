import {
  WALL_MESSAGES,
  wallCellProblems,
  type Wall,
  type WallCell,
  type WallInput,
  type WallListQuery,
  type WallPatch,
  type WallScreen,
} from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import { uniqueViolation } from '../../db/errors.js';
import type { Repositories, Transact } from '../../db/repositories.js';
import type { WallRow } from '../../db/schema.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, notFound } from '../../lib/errors.js';
import { toWall } from './wall.presenter.js';
import type { WallValues } from './wall.repository.js';

export interface WallServiceDeps {
  repos: Repositories;
  transact: Transact;
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

  async list(caller: Caller, query: WallListQuery) {
    const { rows, total } = await this.deps.repos.walls.list(caller.cabinetId, query);
    return { items: await this.present(caller.cabinetId, rows), total };
  }

  async get(caller: Caller, id: number): Promise<Wall> {
    const row = await this.deps.repos.walls.wall(caller.cabinetId, id);
    if (!row) throw notFound();
    return (await this.present(caller.cabinetId, [row]))[0]!;
  }

  /** Refuses cells that break the wall's rules; `wallId` is the wall being changed (null: a new one). */
  private async check(
    cabinetId: CabinetId,
    grid: { width: number; height: number },
    cells: readonly WallCell[],
    wallId: number | null,
  ): Promise<void> {
    const ids = [...new Set(cells.map((c) => c.pointId))];
    if ((await this.deps.repos.walls.ownedPoints(cabinetId, ids)).length !== ids.length) throw notFound();
    const problems = wallCellProblems(grid, cells);
    const taken = new Set(await this.deps.repos.walls.inOtherWalls(cabinetId, ids, wallId));
    cells.forEach((cell, i) => {
      if (taken.has(cell.pointId)) problems[`cells.${i}.pointId`] ??= WALL_MESSAGES.inOtherWall;
    });
    const first = Object.values(problems)[0];
    if (first) throw new AppError('VALIDATION_ERROR', first, problems);
  }

  async create(caller: Caller, body: WallInput): Promise<Wall> {
    await this.check(caller.cabinetId, body, body.cells, null);
    const values: WallValues = {
      name: body.name,
      width: body.width,
      height: body.height,
      ...screenColumns(body.screen),
    };
    const row = await this.deps
      .transact(async (repos) => {
        const wall = await repos.walls.insert(caller.cabinetId, values);
        await repos.walls.setCells(caller.cabinetId, wall.id, body.cells);
        return wall;
      })
      .catch(lostRace);
    return this.get(caller, row.id);
  }

  async patch(caller: Caller, id: number, body: WallPatch): Promise<Wall> {
    const current = await this.get(caller, id);
    const grid = { width: body.width ?? current.width, height: body.height ?? current.height };
    const cells = body.cells ?? current.cells;
    await this.check(caller.cabinetId, grid, cells, id);
    await this.deps
      .transact(async (repos) => {
        await repos.walls.update(caller.cabinetId, id, {
          name: body.name,
          width: body.width,
          height: body.height,
          ...(body.screen ? screenColumns(body.screen) : {}),
        });
        if (body.cells) await repos.walls.setCells(caller.cabinetId, id, body.cells);
      })
      .catch(lostRace);
    return this.get(caller, id);
  }

  async remove(caller: Caller, id: number): Promise<void> {
    if (!(await this.deps.repos.walls.wall(caller.cabinetId, id))) throw notFound();
    await this.deps.repos.walls.remove(caller.cabinetId, id);
  }
}
