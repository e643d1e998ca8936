import { displayOffBySchedule, pointStatus, type PointListQuery } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { PointServiceDeps } from './point.service.js';
import { pictureUrl } from './point-pictures.js';
import type { ListClock, PointRepository } from './point.repository.js';

type PageRow = Awaited<ReturnType<PointRepository['listJson']>>['rows'][number];

/**
 * The screens list's answer (core `PointList`) as JSON text: each screen's JSON as the database built it
 * (point-json.sql.ts), with the three fields only the server knows spliced in: its signed photo address,
 * its status (this process's sockets count) and whether its panel is off by its working hours. No object
 * is built per screen and the response schema's encode is skipped (`sendSerialised`; the tests check the
 * text against the schema).
 */
export async function pointListJson(
  deps: Pick<PointServiceDeps, 'repos' | 'sync' | 'fleet' | 'signer'>,
  cabinetId: CabinetId,
  query: PointListQuery,
  clock: ListClock,
  now: Date,
): Promise<string> {
  const { points } = deps.repos;
  let page = await points.listJson(cabinetId, query, clock);
  const unversioned = page.rows.filter((row) => row.unversioned).map((row) => row.id);
  if (unversioned.length > 0) {
    // A screen whose current content was never worked out gets it now, so its badge tells the truth; the
    // page is then read again with it (rare: once per screen).
    await deps.sync.ensure(await points.pointsByIds(cabinetId, unversioned));
    page = await points.listJson(cabinetId, query, clock);
  }
  const at = now.getTime();
  const items = page.rows.map((row) => spliced(deps, row, now, at));
  return `{"points":[${items.join(',')}],"total":${page.total}}`;
}

/** A screen's JSON from the database with `photoUrl`, `status` and `displayOff` added before its last brace. */
function spliced(
  deps: Pick<PointServiceDeps, 'fleet' | 'signer'>,
  row: PageRow,
  now: Date,
  at: number,
): string {
  const status = pointStatus(
    {
      lastSeenAt: row.lastSeenAt,
      goneOfflineAt: row.goneOfflineAt,
      connected: deps.fleet.connected(row.id),
      recentDisconnections: row.recentDisconnections,
    },
    now,
  );
  const photoUrl = row.hasPhoto
    ? JSON.stringify(pictureUrl(deps.signer, row.id, 'photo', row.updatedAt))
    : 'null';
  const displayOff = row.powerOff && displayOffBySchedule({ display: { power: 'off' } }, row, at);
  return `${row.json.slice(0, -1)},"photoUrl":${photoUrl},"status":"${status}","displayOff":${displayOff}}`;
}
