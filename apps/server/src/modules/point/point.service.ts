import { Readable } from 'node:stream';
import {
  GONE_OFFLINE_HOURS,
  OFFLINE_AFTER_SECONDS,
  POINT_MESSAGES,
  UNSTABLE_DISCONNECTIONS,
  displayOffBySchedule,
  formatSize,
  pointStatus,
  PHOTO_MAX_BYTES,
  type CommandName,
  type CommandResult,
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
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import type { UrlSigner } from '../../lib/signer.js';
import type { Storage } from '../../lib/storage.js';
import type { MediaService } from '../media/media.service.js';
import type { WebSocket } from 'ws';
import type { ScheduleService } from '../schedule/schedule.service.js';
import type { ContentSync } from './content-sync.js';
import { iso, toPoint } from './point.presenter.js';
import type { Fleet } from './fleet.js';
import type { ListClock, PointChanges, PointFilter } from './point.repository.js';
import type { AddScreen } from '../billing/index.js';

export interface PointServiceDeps {
  repos: Repositories;
  transact: Transact;
  /** Makes a new screen under billing's lock, limit and charge. */
  addScreen: AddScreen;
  fleet: Fleet;
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
 * Screens: settings, the networks a screen is in, status from the fleet's presence,
 * commands through the fleet, the player's manifest, screenshots and log. Networks themselves are
 * `net.service.ts`, pairing `pairing.service.ts`.
 */
export class PointService {
  private readonly clock: () => Date;

  constructor(private readonly deps: PointServiceDeps) {
    this.clock = deps.clock ?? (() => new Date());
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
      points.recentDisconnections(cabinetId, ids, new Date(now.getTime() - HOUR)),
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
        photoUrl: row.photoKey ? this.signed(row.id, 'photo', row.updatedAt) : null,
        displayOff: displayOffBySchedule(row.report, row, now.getTime()),
      }),
    );
  }

  /**
   * Photos and screenshots are shown by <img>: signed, short-lived addresses like the library's, with the
   * time of the picture in them, so a new one is a new address and never the browser's cached old one.
   */
  private signed(pointId: number, variant: 'photo' | 'screenshot', at: Date): string {
    const { exp, sig } = this.deps.signer.sign(pointId, variant);
    return `/api/point/${pointId}/${variant}?exp=${exp}&sig=${sig}&v=${Math.floor(at.getTime() / 1000)}`;
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
    // Its token went with the row; a socket open here is closed now (elsewhere at its next call).
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

  async saveScreenshot(
    device: DeviceCaller,
    { bytes, mime }: { bytes: Buffer; mime: string },
  ): Promise<void> {
    if (bytes.length > PHOTO_MAX_BYTES) throw new AppError('UPLOAD_INVALID');
    const ext = mime === 'image/png' ? 'png' : 'jpg';
    const key = `${device.cabinetId}/screens/${device.pointId}.${ext}`;
    await this.deps.storage.putStream(key, Readable.from(bytes));
    await this.deps.repos.points.update(device.cabinetId, [device.pointId], {
      screenshotKey: key,
      screenshotAt: this.clock(),
    });
  }

  async appendLog(
    device: DeviceCaller,
    entries: { at: string; level: PointLogEntry['level']; message: string }[],
  ): Promise<void> {
    await this.deps.repos.points.appendLog(
      device.cabinetId,
      device.pointId,
      entries.map((e) => ({ at: new Date(e.at), level: e.level, message: e.message })),
    );
  }

  // ---- commands ----
  /** Sends a command to screens of the caller's cabinet; offline ones get it when they come back. */
  async command(
    caller: Caller,
    ids: number[],
    name: CommandName,
    args: Record<string, unknown> = {},
  ): Promise<CommandResult> {
    const found = await this.deps.repos.points.presenceOf(caller.cabinetId, ids);
    if (found.length !== new Set(ids).size || found.length === 0) throw notFound();
    await this.deps.fleet.send(
      caller.cabinetId,
      found.map((p) => p.id),
      name,
      args,
      caller.userId,
    );
    // Online by the same rule the status shows (flakiness does not matter for delivery).
    const now = this.clock();
    const online = found.filter((p) =>
      ['ONLINE', 'UNSTABLE'].includes(
        pointStatus(
          {
            lastSeenAt: p.lastSeenAt,
            goneOfflineAt: p.goneOfflineAt,
            connected: this.deps.fleet.connected(p.id),
            recentDisconnections: 0,
          },
          now,
        ),
      ),
    );
    const delivered = new Set(online.map((p) => p.id));
    return {
      ok: true,
      message: POINT_MESSAGES.changeStatusSent,
      delivered: [...delivered],
      queued: found.filter((p) => !delivered.has(p.id)).map((p) => p.id),
    };
  }

  /** Broadcast stop or start (spec §4): the points are marked, and told. */
  async broadcasting(caller: Caller, ids: number[], stop: boolean): Promise<CommandResult> {
    const found = await this.deps.repos.points.pointsByIds(caller.cabinetId, ids);
    if (found.length !== new Set(ids).size) throw notFound();
    await this.deps.repos.points.update(caller.cabinetId, ids, { isStopped: stop });
    const result = await this.command(caller, ids, stop ? 'broadcast-stop' : 'broadcast-start');
    // The state is part of the screens' content: the command makes the players fetch it as well.
    await this.deps.sync.changed(
      caller.cabinetId,
      { immediate: ids, passive: [], reason: { kind: 'settings', name: null } },
      null,
    );
    return result;
  }

  async screenshotInfo(caller: Caller, id: number): Promise<{ url: string | null; takenAt: string | null }> {
    const row = await this.deps.repos.points.point(caller.cabinetId, id);
    if (!row) throw notFound();
    return { url: this.screenshotUrl(row), takenAt: iso(row.screenshotAt) };
  }

  /** Several screens as `get` shows them, each with its last screenshot's address: read together (a wall's tiles). */
  async withScreenshots(
    caller: Caller,
    ids: number[],
  ): Promise<{ point: Point; screenshotUrl: string | null }[]> {
    const rows = await this.deps.repos.points.pointsByIds(caller.cabinetId, ids);
    if (rows.length !== new Set(ids).size) throw notFound();
    const points = await this.present(caller.cabinetId, rows);
    return rows.map((row, i) => ({ point: points[i]!, screenshotUrl: this.screenshotUrl(row) }));
  }

  private screenshotUrl(row: PointRow): string | null {
    return row.screenshotKey ? this.signed(row.id, 'screenshot', row.screenshotAt ?? row.updatedAt) : null;
  }

  /** The stored object behind a signed photo or screenshot address. */
  async signedObject(id: number, variant: 'photo' | 'screenshot', exp: number, sig: string) {
    if (!this.deps.signer.verify(id, variant, exp, sig)) throw notFound();
    const row = await this.deps.repos.points.platformPointById(id);
    const key = variant === 'photo' ? row?.photoKey : row?.screenshotKey;
    if (!row || !key) throw notFound();
    // A stored file that is gone (a restore without media, a removed object) is not found, not a 500.
    if ((await this.deps.storage.size(key)) === null) throw notFound();
    return { key, mime: key.endsWith('.png') ? 'image/png' : 'image/jpeg' };
  }

  readObject(key: string) {
    return this.deps.storage.read(key);
  }

  async setPhoto(
    caller: Caller,
    id: number,
    { bytes, mime }: { bytes: Buffer; mime: string },
  ): Promise<Point> {
    await this.get(caller, id);
    if (bytes.length > PHOTO_MAX_BYTES) {
      throw fieldError('photo', POINT_MESSAGES.photoTooLarge(formatSize(PHOTO_MAX_BYTES)));
    }
    const ext = mime === 'image/png' ? 'png' : 'jpg';
    const key = `${caller.cabinetId}/photos/${id}.${ext}`;
    await this.deps.storage.putStream(key, Readable.from(bytes));
    await this.deps.repos.points.update(caller.cabinetId, [id], { photoKey: key, updatedAt: this.clock() });
    return this.get(caller, id);
  }

  async connectionHistory(caller: Caller, id: number) {
    await this.get(caller, id);
    const rows = await this.deps.repos.points.connectionHours(
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
    const rows = await this.deps.repos.points.log(caller.cabinetId, id, before, 100);
    return rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      level: r.level,
      message: r.message,
    }));
  }
}
