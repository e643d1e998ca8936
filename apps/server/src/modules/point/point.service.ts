import {
  GONE_OFFLINE_HOURS,
  OFFLINE_AFTER_SECONDS,
  POINT_MESSAGES,
  UNSTABLE_DISCONNECTIONS,
  displayOffBySchedule,
  pointStatus,
  type Manifest,
  type ManifestAd,
  type Point,
  type PointList,
  type PointOverview,
  type PointListQuery,
  type PointCreate,
  type PointPatch,
  type PointLogEntry,
} from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories, Transact } from '../../db/repositories.js';
import type { PointRow } from '../../db/schema.js';
import type { Caller, DeviceCaller } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import type { UrlSigner } from '../../lib/signer.js';
import type { Storage } from '../../lib/storage.js';
import type { MediaService } from '../media/media.service.js';
import type { WebSocket } from 'ws';
import type { ScheduleService } from '../schedule/schedule.service.js';
import type { ContentSync } from './content-sync.js';
import { toPoint } from './point.presenter.js';
import { PointCommands } from './point-commands.js';
import { PointPictures, pictureUrl, screenshotUrl } from './point-pictures.js';
import type { DeviceTokens } from './device-tokens.js';
import type { Fleet } from './fleet.js';
import type { ListClock, PointChanges, PointFilter } from './point.repository.js';
import type { AddScreen } from '../billing/index.js';

export interface PointServiceDeps {
  repos: Repositories;
  transact: Transact;
  /** Makes a new screen under billing's lock, limit and charge. */
  addScreen: AddScreen;
  fleet: Fleet;
  /** Device tokens' screens kept in memory: a removed screen's is forgotten at once. */
  devices: Pick<DeviceTokens, 'forget'>;
  media: MediaService;
  storage: Storage;
  signer: UrlSigner;
  /** Each screen's current content version, and telling screens of changes. */
  sync: ContentSync;
  schedule: ScheduleService;
  /** The screen's SSP ads for its manifest (modules/ssp). */
  ads?: (device: DeviceCaller) => Promise<ManifestAd[]>;
  clock?: () => Date;
}

const HOUR = 3_600_000;

/** Settings columns from a patch body. */
function changes(body: PointPatch): PointChanges {
  const out: PointChanges = {};
  if (body.name !== undefined) out.name = body.name;
  if (body.address !== undefined) out.address = body.address;
  if (body.location !== undefined) {
    out.latitude = body.location?.lat ?? null;
    out.longitude = body.location?.lng ?? null;
  }
  if (body.timezone !== undefined) out.timezone = body.timezone;
  if (body.rotation !== undefined) out.rotation = body.rotation;
  if (body.autostart !== undefined) out.autostart = body.autostart;
  if (body.transitionMs !== undefined) out.transitionMs = body.transitionMs;
  if (body.relaunchInterval !== undefined) out.relaunchInterval = body.relaunchInterval;
  if (body.workFrom !== undefined) out.workFrom = body.workFrom;
  if (body.workTo !== undefined) out.workTo = body.workTo;
  if (body.commercialCycle !== undefined) out.commercialCycle = body.commercialCycle;
  if (body.windows !== undefined) out.windows = body.windows;
  if (body.config !== undefined) out.config = body.config;
  if (body.audience !== undefined) out.audience = body.audience;
  if (body.playbackCost !== undefined) out.playbackCost = body.playbackCost;
  if (body.cameraStreamUrl !== undefined) out.cameraStreamUrl = body.cameraStreamUrl;
  if (body.syncInterval !== undefined) out.syncInterval = body.syncInterval;
  return out;
}

/**
 * Screens: settings, the networks a screen is in, status from the fleet's presence, the player's
 * manifest and log. Commands are `commands` (point-commands.ts), photos and screenshots `pictures`
 * (point-pictures.ts); networks themselves are `net.service.ts`, pairing `pairing.service.ts`.
 */
export class PointService {
  private readonly clock: () => Date;
  readonly commands: PointCommands;
  readonly pictures: PointPictures;

  constructor(private readonly deps: PointServiceDeps) {
    this.clock = deps.clock ?? (() => new Date());
    this.commands = new PointCommands(deps, this.clock);
    this.pictures = new PointPictures(deps, this, this.clock);
  }

  // ---- presenting ----
  private async present(cabinetId: CabinetId, listed: PointRow[]): Promise<Point[]> {
    const { points, nets: netRepo } = this.deps.repos;
    // A screen whose current content was never worked out gets it now, so its badge tells the truth.
    const rows = await this.deps.sync.ensure(listed);
    const ids = rows.map((r) => r.id);
    const now = this.clock();
    const [nets, content, flaky] = await Promise.all([
      netRepo.netsOf(cabinetId, ids),
      points.withContent(cabinetId, ids),
      this.deps.repos.pointHistory.recentDisconnections(cabinetId, ids, new Date(now.getTime() - HOUR)),
    ]);
    return rows.map((row) =>
      toPoint(row, {
        nets: nets.get(row.id) ?? [],
        hasContent: content.has(row.id),
        status: pointStatus(
          {
            lastSeenAt: row.lastSeenAt,
            goneOfflineAt: row.goneOfflineAt,
            connected: this.deps.fleet.connected(row.id),
            recentDisconnections: flaky.get(row.id) ?? 0,
          },
          now,
        ),
        photoUrl: row.photoKey ? pictureUrl(this.deps.signer, row.id, 'photo', row.updatedAt) : null,
        displayOff: displayOffBySchedule(row.report, row, now.getTime()),
      }),
    );
  }

  // ---- screens ----
  async list(caller: Caller, query: PointListQuery): Promise<PointList> {
    const { rows, total } = await this.deps.repos.points.list(caller.cabinetId, query, this.listClock());
    return { points: await this.present(caller.cabinetId, rows), total };
  }

  /** How many screens the list would hold with each of these filters: the same conditions, no page read. */
  counts<K extends string>(caller: Caller, filters: Record<K, PointFilter>): Promise<Record<K, number>> {
    return this.deps.repos.points.counts(caller.cabinetId, filters, this.listClock());
  }

  /** The instants the list's status filters count from. */
  private listClock(): ListClock {
    const now = this.clock().getTime();
    return {
      seenSince: new Date(now - OFFLINE_AFTER_SECONDS * 1000),
      goneSince: new Date(now - GONE_OFFLINE_HOURS * HOUR),
      unstableSince: new Date(now - HOUR),
      unstableAt: UNSTABLE_DISCONNECTIONS,
    };
  }

  /** The list with status only: what a role that may not open a screen sees of it. */
  async overview(caller: Caller, query: PointListQuery): Promise<PointOverview> {
    const { points, total } = await this.list(caller, query);
    return {
      points: points.map(({ id, name, net, status, syncStatus, lastSeen, displayOff }) => ({
        id,
        name,
        net,
        status,
        syncStatus,
        lastSeen,
        displayOff,
      })),
      total,
    };
  }

  async get(caller: Caller, id: number): Promise<Point> {
    const row = await this.deps.repos.points.point(caller.cabinetId, id);
    if (!row) throw notFound();
    return (await this.present(caller.cabinetId, [row]))[0]!;
  }

  private async checkNets(cabinetId: CabinetId, ids: number[]): Promise<void> {
    const found = await this.deps.repos.nets.netsByIds(cabinetId, ids);
    if (found.length !== new Set(ids).size) throw notFound();
  }

  async patch(caller: Caller, id: number, body: PointPatch): Promise<Point> {
    await this.get(caller, id);
    if (body.nets) await this.checkNets(caller.cabinetId, body.nets);
    await this.deps.transact(async (repos) => {
      await repos.points.update(caller.cabinetId, [id], { ...changes(body), updatedAt: this.clock() });
      if (body.nets) await repos.nets.setPointNets(caller.cabinetId, id, [...new Set(body.nets)]);
    });
    await this.settingsChanged(caller, [id]);
    return this.get(caller, id);
  }

  async patchMany(caller: Caller, ids: number[], body: PointPatch): Promise<void> {
    const found = await this.deps.repos.points.pointsByIds(caller.cabinetId, ids);
    if (found.length !== new Set(ids).size) throw notFound();
    if (body.nets) await this.checkNets(caller.cabinetId, body.nets);
    await this.deps.transact(async (repos) => {
      await repos.points.update(caller.cabinetId, ids, { ...changes(body), updatedAt: this.clock() });
      if (body.nets)
        for (const id of ids) await repos.nets.setPointNets(caller.cabinetId, id, [...new Set(body.nets)]);
    });
    await this.settingsChanged(caller, ids);
  }

  /** Setting changes reach the players at once. */
  private async settingsChanged(caller: Caller, ids: number[]): Promise<void> {
    await this.deps.sync.changed(
      caller.cabinetId,
      { immediate: ids, passive: [], reason: { kind: 'settings', name: null } },
      { name: 'config', by: caller.userId },
    );
  }

  async remove(caller: Caller, ids: number[]): Promise<void> {
    const found = await this.deps.repos.points.pointsByIds(caller.cabinetId, ids);
    if (found.length !== new Set(ids).size) throw notFound();
    await this.deps.repos.points.remove(caller.cabinetId, ids);
    // Its token went with the row: it stops here at once, and a socket open here is closed now; other
    // processes do both when the database announces the removal (device-tokens.ts).
    this.deps.devices.forget(ids);
    for (const id of ids) this.deps.fleet.disconnect(id);
  }

  /**
   * POST /api/point/post (spec §7): a new screen with its name and settings, waiting to be paired. Its
   * contract says `billing: 'screen'`: the tariff's screen limit and the balance are checked, and its day
   * charged, by the billing guard as for pairing and copying.
   */
  async create(caller: Caller, body: PointCreate): Promise<Point & { message: string }> {
    if (body.nets) await this.checkNets(caller.cabinetId, body.nets);
    // Under the cabinet's lock with the tariff's screen limit, the balance and the day's charge.
    const row = await this.deps.addScreen(caller.cabinetId, async (repos) => {
      const point = await repos.points.insert({
        ...changes(body),
        name: body.name,
        cabinetId: caller.cabinetId,
      });
      if (body.nets) await repos.nets.setPointNets(caller.cabinetId, point.id, [...new Set(body.nets)]);
      return point;
    });
    const [point] = await this.present(caller.cabinetId, [row]);
    return { ...point!, message: POINT_MESSAGES.created(row.name) };
  }

  /**
   * What a screen plays, for an operator's preview in the web player (`/player/?id=`): its manifest as the
   * screen gets it, without ads (they are the screen's own, reported as shown) and without marking it served.
   */
  async previewManifest(caller: Caller, id: number): Promise<Manifest> {
    const row = await this.deps.repos.points.point(caller.cabinetId, id);
    if (!row) throw notFound();
    return (await this.deps.sync.manifests([row])).get(row.id)!;
  }

  /** A new screen with the same settings and networks, waiting to be paired. */
  async copy(caller: Caller, id: number): Promise<Point> {
    const source = await this.deps.repos.points.point(caller.cabinetId, id);
    if (!source) throw notFound();
    const nets = (await this.deps.repos.nets.netsOf(caller.cabinetId, [id])).get(id) ?? [];
    const row = await this.deps.addScreen(caller.cabinetId, async (repos) => {
      const {
        id: _id,
        uid: _uid,
        deviceTokenHash: _token,
        report: _report,
        lastSeenAt: _seen,
        goneOfflineAt: _gone,
        syncedAt: _synced,
        servedVersion: _served,
        disconnections: _disconnections,
        screenshotKey: _shot,
        screenshotAt: _shotAt,
        createdAt: _created,
        updatedAt: _updated,
        ...settings
      } = source;
      const copy = await repos.points.insert({ ...settings, name: `${source.name} (copy)`.slice(0, 100) });
      await repos.nets.setPointNets(
        caller.cabinetId,
        copy.id,
        nets.map((n) => n.id),
      );
      return copy;
    });
    return (await this.present(caller.cabinetId, [row]))[0]!;
  }

  // ---- the player's own calls ----
  /** The screen's settings, the schedule engine's input for it and the files it may play. */
  async manifest(device: DeviceCaller): Promise<Manifest> {
    const row = await this.deps.repos.points.point(device.cabinetId, device.pointId);
    if (!row) throw notFound();
    const manifest = (await this.deps.sync.manifests([row])).get(row.id)!;
    // Kept in the row, not in one process's memory: heartbeats may reach another process.
    await this.deps.sync.served(row, manifest.version);
    const ads = this.deps.ads ? await this.deps.ads(device) : [];
    return { ...manifest, ads };
  }

  connect(device: DeviceCaller, socket: WebSocket): Promise<void> {
    return this.deps.fleet.attach(device.pointId, socket);
  }

  async appendLog(
    device: DeviceCaller,
    entries: { at: string; level: PointLogEntry['level']; message: string }[],
  ): Promise<void> {
    await this.deps.repos.pointHistory.appendLog(
      device.cabinetId,
      device.pointId,
      entries.map((e) => ({ at: new Date(e.at), level: e.level, message: e.message })),
    );
  }

  /** Several screens as `get` shows them, each with its last screenshot's address: read together (a wall's tiles). */
  async withScreenshots(
    caller: Caller,
    ids: number[],
  ): Promise<{ point: Point; screenshotUrl: string | null }[]> {
    const rows = await this.deps.repos.points.pointsByIds(caller.cabinetId, ids);
    if (rows.length !== new Set(ids).size) throw notFound();
    const points = await this.present(caller.cabinetId, rows);
    return rows.map((row, i) => ({ point: points[i]!, screenshotUrl: screenshotUrl(this.deps.signer, row) }));
  }

  async connectionHistory(caller: Caller, id: number) {
    await this.get(caller, id);
    const rows = await this.deps.repos.pointHistory.connectionHours(
      caller.cabinetId,
      id,
      new Date(this.clock().getTime() - 7 * 24 * HOUR),
    );
    return rows.map((r) => ({
      hour: r.hour.toISOString(),
      onlineSeconds: r.onlineSeconds,
      disconnections: r.disconnections,
    }));
  }

  async log(caller: Caller, id: number, before: number | undefined) {
    await this.get(caller, id);
    const rows = await this.deps.repos.pointHistory.log(caller.cabinetId, id, before, 100);
    return rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      level: r.level,
      message: r.message,
    }));
  }
}
