import {
  EXPIRING_SOON_DAYS,
  PLAYLIST_MESSAGES,
  allItems,
  canvasSize,
  contentItems,
  can,
  checkPlaylist,
  expirationOf,
  formatWall,
  itemSeconds,
  newPlaylistDefaults,
  playlistSspMode,
  wallContentProblems,
  type ContentUpdate,
  type Playlist,
  type PlaylistInput,
  type PlaylistItem,
  type PlaylistList,
  type PlaylistListItem,
  type PlaylistListQuery,
  type PlaylistPatch,
  type PlaylistTag,
  type PlaylistVersions,
  type Feature,
} from '@vitrine/core';
import { uniqueViolation } from '../../db/errors.js';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories, Transact } from '../../db/repositories.js';
import type { FileRow, PlaylistChangeRow, PlaylistRow, PlaylistTagRow, WallRow } from '../../db/schema.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import type { MediaService } from '../media/media.service.js';
import type { PlaylistFilter, PlaylistValues } from './playlist.repository.js';
import type { ContentChange } from '../point/content-sync.js';
import { toPlaylist, type PresentItem } from './playlist.presenter.js';
import { wallGrid } from '../wall/wall.presenter.js';

export interface PlaylistServiceDeps {
  repos: Repositories;
  transact: Transact;
  media: MediaService;
  stockCabinetId: () => Promise<CabinetId | undefined>;
  /** The server's clock; tests move it. */
  clock?: () => Date;
  /**
   * Screens' content changed: their current versions are worked out again; the `immediate` ones (and
   * any with nothing to play) are told at once, the others fetch it at their next regular sync.
   */
  contentChanged?: (cabinetId: CabinetId, change: ContentChange) => Promise<ContentUpdate>;
  /** Refuses a feature the cabinet's tariff lacks (billing's guard, with the spec's tariff message). */
  requireFeature?: (cabinetId: CabinetId, feature: Feature) => Promise<void>;
}

type Saved = Playlist & { notice?: string; update?: ContentUpdate };
/** A waiting change: the fields a person changed, or screens a bulk apply adds. */
type QueuedPatch = Record<string, unknown> & { addPoints?: number[] };

/** The latest time zone (UTC-12): once a wall time has passed there, it has passed on every screen. */
export const LATEST_ZONE_MS = 12 * 3_600_000;

/** A UTC instant written as a wall clock. */
export const utcWall = (ms: number): string => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** The form a playlist is stored in: weekdays sorted, each once; each screen, network and tag once. */
function normalize(input: PlaylistInput): PlaylistInput {
  return {
    ...input,
    weekDays: [...new Set(input.weekDays)].sort(),
    points: [...new Set(input.points)],
    nets: [...new Set(input.nets)],
    walls: [...new Set(input.walls)],
    tags: [...new Set(input.tags)],
  };
}

/**
 * Waiting changes laid over a playlist in the order they were sent: what approving them writes, and
 * (with one person's changes only) the version that person sees in their editor.
 */
function layOver(base: PlaylistInput, changes: PlaylistChangeRow[]): PlaylistInput {
  let input = base;
  for (const change of changes) {
    const { addPoints, ...patch } = change.patch as QueuedPatch;
    input = { ...input, ...(patch as PlaylistPatch) };
    if (Array.isArray(addPoints)) input = { ...input, points: [...new Set([...input.points, ...addPoints])] };
  }
  return input;
}

/** The fields a waiting change sets, as the editor names them (a bulk apply's screens are `points`). */
const fieldsOf = (change: PlaylistChangeRow): string[] => [
  ...new Set(Object.keys(change.patch).map((key) => (key === 'addPoints' ? 'points' : key))),
];

/** The columns of a playlist from its input (content, targets and tags live in child tables). */
function columns(input: PlaylistInput): PlaylistValues {
  return {
    name: input.name,
    category: input.category,
    type: input.type,
    fromDate: input.fromDate,
    toDate: input.toDate,
    weekDays: input.weekDays,
    fromTime: input.fromTime,
    toTime: input.toTime,
    fromTime2: input.fromTime2,
    toTime2: input.toTime2,
    filesOrder: input.filesOrder,
    influence: input.influence,
    inLeftoversOnly: input.inLeftoversOnly,
    scheduleMode: input.scheduleMode,
    periodicity: input.periodicity,
    limitationType: input.limitationType,
    quotas: input.quotas,
    blockDuration: input.blockDuration,
    pixel: input.pixel,
    access: input.access,
    active: input.active,
    override: input.override,
    source: input.source,
    advertisingProviders: input.advertisingProviders,
    sspConnector: input.sspConnector,
    actionOnEnd: input.actionOnEnd,
    maxDuration: input.maxDuration,
    secondaryFileId: input.secondaryFileId,
    secondaryLoopDuration: input.secondaryLoopDuration,
    noStats: input.noStats,
    theme: input.theme,
    interval: input.interval,
    floating: input.floating,
    geofence: input.geofence,
  };
}

/**
 * Playlists: the spec §5 rules (shared with the editor through packages/core), cabinet scoping of every
 * reference, approval of changes by content managers and agents, copies, bulk apply and end actions.
 */
export class PlaylistService {
  private readonly clock: () => Date;

  constructor(private readonly deps: PlaylistServiceDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  private now(): string {
    return formatWall(this.clock());
  }

  /**
   * Spec §4: an ACTIVE playlist makes its screens update at once; a PASSIVE one waits for their next sync.
   * Screens that lose a playlist are always told (a takedown never waits).
   */
  private async changed(
    cabinetId: CabinetId,
    name: string | null,
    immediate: Iterable<number>,
    passive: Iterable<number> = [],
  ): Promise<ContentUpdate | undefined> {
    return this.deps.contentChanged?.(cabinetId, {
      immediate,
      passive,
      reason: { kind: 'playlist', name },
    });
  }

  // ---- reading ----
  async list(caller: Caller, query: PlaylistListQuery): Promise<PlaylistList> {
    const { rows, total } = await this.deps.repos.playlists.list(caller.cabinetId, query, this.listClock());
    // The list shows how many screens a playlist reaches, not which: their names are not read; and how many
    // items and how long, not their thumbnails: no address is signed for a page of a thousand.
    const full = await this.present(caller.cabinetId, rows, { targets: false, thumbs: false });
    const list: PlaylistListItem[] = full.map((p) => ({
      id: p.id,
      name: p.name,
      type: p.type,
      category: p.category,
      fromDate: p.fromDate,
      toDate: p.toDate,
      active: p.active,
      expiration: p.expiration,
      pointsTotal: p.pointsTotal,
      tags: p.tags,
      contentDuration: p.contentDuration,
      approved: p.approved,
      pendingChange: p.pendingChange,
      updatedDate: p.updatedDate,
      filesCount: contentItems(p).length,
    }));
    return { list, total };
  }

  /** How many playlists the list would hold with each of these filters: the same conditions, no page read. */
  counts<K extends string>(caller: Caller, filters: Record<K, PlaylistFilter>): Promise<Record<K, number>> {
    return this.deps.repos.playlists.counts(caller.cabinetId, filters, this.listClock());
  }

  /** Now and the day a playlist starts expiring soon, in wall-clock days as the status badge counts them. */
  private listClock(): { now: string; soon: string } {
    const now = this.clock();
    // A DST change does not move the limit.
    const soon = new Date(now);
    soon.setDate(soon.getDate() + EXPIRING_SOON_DAYS);
    return { now: formatWall(now), soon: formatWall(soon) };
  }

  async get(caller: Caller, id: number): Promise<Playlist> {
    const row = await this.deps.repos.playlists.playlist(caller.cabinetId, id);
    if (!row) throw notFound();
    return (await this.present(caller.cabinetId, [row]))[0]!;
  }

  private async present(
    cabinetId: CabinetId,
    rows: PlaylistRow[],
    read: { targets: boolean; thumbs: boolean } = { targets: true, thumbs: true },
  ): Promise<Playlist[]> {
    const { playlists } = this.deps.repos;
    const ids = rows.map((r) => r.id);
    const secondaryIds = rows.map((r) => r.secondaryFileId).filter((id): id is number => id !== null);
    const noTargets = { points: [], nets: [], walls: [] };
    const [content, targets, totals, tags, pending, secondary] = await Promise.all([
      playlists.content(cabinetId, ids),
      read.targets ? playlists.targets(cabinetId, ids) : new Map<number, typeof noTargets>(),
      playlists.pointsTotal(cabinetId, ids),
      playlists.tagsOf(cabinetId, ids),
      playlists.pendingChanges(cabinetId, ids),
      playlists.referencedFiles(cabinetId, secondaryIds),
    ]);
    const now = this.now();
    const item: PresentItem = (i) => this.item(i, read.thumbs);
    // The newest waiting change of each playlist and the secondary files, found once rather than searched per row.
    const pendingOf = new Map(pending.map((p) => [p.playlistId, p]));
    const secondaryOf = new Map(secondary.map((f) => [f.id, f]));
    return rows.map((row) =>
      toPlaylist(
        row,
        {
          content: content.get(row.id)!,
          targets: targets.get(row.id) ?? noTargets,
          tags: tags.get(row.id)!,
          pointsTotal: totals.get(row.id) ?? 0,
          pendingChange: pendingOf.get(row.id),
          secondaryFile: row.secondaryFileId === null ? undefined : secondaryOf.get(row.secondaryFileId),
        },
        now,
        item,
      ),
    );
  }

  /** A content item as the editor shows it: the file's name, kind, length and thumbnail. */
  private item(i: Parameters<PresentItem>[0], thumb = true): PlaylistItem {
    return {
      fileId: i.fileId,
      duration: i.duration,
      wallFit: i.wallFit ?? null,
      name: i.file.name,
      mime: i.file.mime,
      kind: i.file.kind,
      mediaDuration: i.file.duration,
      thumbUrl: thumb ? this.deps.media.thumbUrl(i.file) : null,
    };
  }

  /**
   * A version that is not stored (the playlist with waiting changes laid over), presented as `get`
   * presents a stored one once written: names instead of ids, the reach and content length it would
   * have. References gone since the change was sent (a removed file) are left out; approving says so.
   */
  private async presentVersion(caller: Caller, current: Playlist, raw: PlaylistInput): Promise<Playlist> {
    const { playlists } = this.deps.repos;
    const input = normalize(raw);
    const stock = await this.deps.stockCabinetId();
    const fileIds = [
      ...new Set([
        ...allItems(input).map((i) => i.fileId),
        ...(input.secondaryFileId ? [input.secondaryFileId] : []),
      ]),
    ];
    const [fileRows, pointRows, netRows, wallRows, tagRows, reach] = await Promise.all([
      playlists.usableFiles(stock ? [caller.cabinetId, stock] : [caller.cabinetId], fileIds),
      playlists.namedPoints(caller.cabinetId, input.points),
      playlists.namedNets(caller.cabinetId, input.nets),
      playlists.namedWalls(caller.cabinetId, input.walls),
      playlists.namedTags(caller.cabinetId, input.tags),
      playlists.countReach(caller.cabinetId, input.points, input.nets, input.walls),
    ]);
    const filesById = new Map(fileRows.map((f) => [f.id, f]));
    const items = (list: { fileId: number; duration: number | null; wallFit: PlaylistItem['wallFit'] }[]) =>
      list.flatMap((i) => {
        const file = filesById.get(i.fileId);
        return file ? [this.item({ ...i, file })] : [];
      });
    const inOrder = (ids: number[], rows: { id: number; name: string }[]) => {
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    };
    const files = items(input.files);
    const sections = input.sections.map((s) => ({ ...s, files: items(s.files) }));
    const playing = input.type === 'BLOCK' ? sections.flatMap((s) => s.files) : files;
    const secondary = input.secondaryFileId ? filesById.get(input.secondaryFileId) : undefined;
    return {
      ...current,
      ...input,
      files,
      sections,
      points: inOrder(input.points, pointRows),
      nets: inOrder(input.nets, netRows),
      walls: inOrder(input.walls, wallRows),
      tags: tagRows,
      secondaryFile: secondary ? this.item({ fileId: secondary.id, duration: null, file: secondary }) : null,
      pointsTotal: reach,
      expiration: expirationOf(input.toDate, this.now()),
      contentDuration: playing.reduce((sum, i) => sum + itemSeconds(i, i.mediaDuration), 0),
    };
  }

  /** The playlist as an editor would send it back: the base a patch is laid over. */
  private asInput(p: Playlist): PlaylistInput {
    const ref = (i: { fileId: number; duration: number | null; wallFit: PlaylistItem['wallFit'] }) => ({
      fileId: i.fileId,
      duration: i.duration,
      wallFit: i.wallFit,
    });
    return {
      ...p,
      files: p.files.map(ref),
      sections: p.sections.map((s) => ({ ...s, files: s.files.map(ref) })),
      points: p.points.map((x) => x.id),
      nets: p.nets.map((x) => x.id),
      walls: p.walls.map((x) => x.id),
      tags: p.tags.map((x) => x.id),
    };
  }

  // ---- the rules ----
  /** Checks every reference against the cabinet and every spec §5 rule; throws with the fields at fault. */
  private async check(caller: Caller, input: PlaylistInput): Promise<void> {
    const { playlists } = this.deps.repos;
    const stock = await this.deps.stockCabinetId();
    const fileIds = [
      ...new Set([...allItems(input).map((i) => i.fileId), input.secondaryFileId ?? 0]),
    ].filter((id) => id > 0);
    const usable = await playlists.usableFiles(
      stock ? [caller.cabinetId, stock] : [caller.cabinetId],
      fileIds,
    );
    const byId = new Map<number, FileRow>(usable.map((f) => [f.id, f]));
    if (fileIds.some((id) => !byId.has(id))) throw notFound();
    const [pointIds, netIds, wallRows, tagIds] = await Promise.all([
      playlists.existingPoints(caller.cabinetId, input.points),
      playlists.existingNets(caller.cabinetId, input.nets),
      playlists.namedWalls(caller.cabinetId, input.walls),
      playlists.existingTags(caller.cabinetId, input.tags),
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
    const screens = await playlists.countReach(caller.cabinetId, input.points, input.nets, input.walls);
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
  private async guardSsp(caller: Caller, body: PlaylistPatch, current: Playlist | null): Promise<void> {
    const next = playlistSspMode({
      sspConnector: body.sspConnector === undefined ? (current?.sspConnector ?? null) : body.sspConnector,
      source: body.source === undefined ? (current?.source ?? null) : body.source,
    });
    if (next === null || (current && playlistSspMode(current) !== null)) return;
    await this.deps.requireFeature?.(caller.cabinetId, 'ssp');
  }

  /** maxDuration is set only by roles holding the playlist.maxDuration key (spec §6). */
  private guardMaxDuration(caller: Caller, body: PlaylistPatch, current: number | null): void {
    if (body.maxDuration === undefined || body.maxDuration === current) return;
    if (!can(caller.role, 'playlist.maxDuration')) {
      throw new AppError('FORBIDDEN', PLAYLIST_MESSAGES.maxDurationNotAllowed, {
        maxDuration: PLAYLIST_MESSAGES.maxDurationNotAllowed,
      });
    }
  }

  /** The rules again over waiting changes: a file, screen or tag removed since is said so, not 404. */
  private async checkChanges(caller: Caller, input: PlaylistInput): Promise<void> {
    try {
      await this.check(caller, input);
    } catch (error) {
      // A file, screen or tag the change names was removed meanwhile: the owner can reject it.
      if (error instanceof AppError && error.code === 'NOT_FOUND')
        throw new AppError('VALIDATION_ERROR', PLAYLIST_MESSAGES.staleChange);
      throw error;
    }
  }

  private async needsApproval(caller: Caller): Promise<boolean> {
    if (!can(caller.role, 'playlist.editNeedsApproval')) return false;
    const cabinet = await this.deps.repos.cabinets.findById(caller.cabinetId);
    return cabinet?.approvalRequired ?? false;
  }

  /** Writes the whole playlist in one transaction (and, for an approval, marks the changes it applied). */
  private async write(
    playlistId: number,
    cabinetId: CabinetId,
    raw: PlaylistInput,
    current: Playlist,
    extra: { approved?: boolean } = {},
    decided?: { ids: number[]; userId: number },
  ): Promise<ContentUpdate | undefined> {
    const input = normalize(raw);
    // A new end or a new end action runs again when the new end comes.
    const reopened = input.toDate !== current.toDate || input.actionOnEnd !== current.actionOnEnd;
    const before = await this.deps.repos.playlists.reachedPoints(cabinetId, [playlistId]);
    await this.deps.transact(async (repos) => {
      await repos.playlists.update(cabinetId, playlistId, {
        ...columns(input),
        ...extra,
        ...(reopened ? { endedAt: null } : {}),
      });
      if (decided) await repos.playlists.decideChanges(cabinetId, decided.ids, 'APPROVED', decided.userId);
      await repos.playlists.replaceContent(cabinetId, playlistId, input);
      await repos.playlists.replaceTargets(cabinetId, playlistId, input.points, input.nets, input.walls);
      await repos.playlists.replaceTags(cabinetId, playlistId, input.tags);
    });
    const after = await this.deps.repos.playlists.reachedPoints(cabinetId, [playlistId]);
    const live = (extra.approved ?? current.approved) && input.active;
    const everyone = [...before, ...after];
    const takedowns = before.filter((p) => !after.includes(p));
    return this.changed(
      cabinetId,
      input.name,
      input.influence === 'ACTIVE' || !live ? everyone : takedowns,
      everyone,
    );
  }

  // ---- writing ----
  async create(caller: Caller, body: PlaylistPatch): Promise<Saved> {
    this.guardMaxDuration(caller, body, null);
    await this.guardSsp(caller, body, null);
    return this.insertNew(caller, { ...newPlaylistDefaults(this.clock()), ...body });
  }

  private async insertNew(caller: Caller, raw: PlaylistInput): Promise<Saved> {
    await this.check(caller, raw);
    const input = normalize(raw);
    const approval = await this.needsApproval(caller);
    const id = await this.deps.transact(async (repos) => {
      const row = await repos.playlists.insert(caller.cabinetId, { ...columns(input), approved: !approval });
      await repos.playlists.replaceContent(caller.cabinetId, row.id, input);
      await repos.playlists.replaceTargets(caller.cabinetId, row.id, input.points, input.nets, input.walls);
      await repos.playlists.replaceTags(caller.cabinetId, row.id, input.tags);
      return row.id;
    });
    const reached = approval ? [] : await this.deps.repos.playlists.reachedPoints(caller.cabinetId, [id]);
    const update = await this.changed(
      caller.cabinetId,
      input.name,
      input.active && input.influence === 'ACTIVE' ? reached : [],
      reached,
    );
    const saved = await this.get(caller, id);
    return approval
      ? { ...saved, notice: PLAYLIST_MESSAGES.approveRequested }
      : { ...saved, ...(update ? { update } : {}) };
  }

  async patch(caller: Caller, id: number, body: PlaylistPatch): Promise<Saved> {
    const current = await this.get(caller, id);
    this.guardMaxDuration(caller, body, current.maxDuration);
    await this.guardSsp(caller, body, current);
    const base = this.asInput(current);
    if (await this.needsApproval(caller)) return this.patchForApproval(caller, current, base, body);
    const input: PlaylistInput = { ...base, ...body };
    await this.check(caller, input);
    const update = await this.write(id, caller.cabinetId, input, current);
    // The author has moved on: a rejection of their earlier changes is no longer shown to them.
    await this.deps.repos.playlists.supersede(caller.cabinetId, [id], caller.userId, { pending: false });
    return { ...(await this.get(caller, id)), ...(update ? { update } : {}) };
  }

  /**
   * A patch from a role under approval lands on the version its author sees (the playlist with their own
   * waiting changes), so their editor and their next save agree. Only the fields that then differ from
   * the playlist wait, in one change replacing their earlier ones, so approving late never undoes others'
   * later edits, and a field they set back is no longer changed.
   */
  private async patchForApproval(
    caller: Caller,
    current: Playlist,
    base: PlaylistInput,
    body: PlaylistPatch,
  ): Promise<Saved> {
    const pending = await this.deps.repos.playlists.pendingChanges(caller.cabinetId, [current.id]);
    const input: PlaylistInput = {
      ...layOver(
        base,
        pending.filter((c) => c.userId === caller.userId),
      ),
      ...body,
    };
    await this.check(caller, input);
    const changed = Object.fromEntries(
      Object.entries(input).filter(
        ([key, value]) =>
          key !== 'maxDuration' && JSON.stringify(value) !== JSON.stringify(base[key as keyof PlaylistInput]),
      ),
    );
    const waits = Object.keys(changed).length > 0;
    const user = await this.deps.repos.users.platformFindById(caller.userId);
    await this.deps.transact(async (repos) => {
      await repos.playlists.supersede(caller.cabinetId, [current.id], caller.userId, { pending: true });
      if (waits) await this.queue(repos, caller, user?.name, current.id, changed);
    });
    const saved = await this.get(caller, current.id);
    return waits ? { ...saved, notice: PLAYLIST_MESSAGES.approveRequested } : saved;
  }

  private async queue(
    repos: Repositories,
    caller: Caller,
    userName: string | undefined,
    playlistId: number,
    patch: QueuedPatch,
  ): Promise<void> {
    await repos.playlists.insertChange({
      cabinetId: caller.cabinetId,
      playlistId,
      userId: caller.userId,
      userName: userName ?? caller.login,
      patch,
    });
  }

  /**
   * What approval is about: the playlist as screens have it, with every waiting change laid over (by the
   * code approve runs, so the difference is exactly what approving writes), with the caller's own
   * changes only (their editor), who asked and when, and the caller's rejection not yet followed by an
   * edit.
   */
  async versions(caller: Caller, id: number): Promise<PlaylistVersions> {
    const current = await this.get(caller, id);
    const [pending, rejection] = await Promise.all([
      this.deps.repos.playlists.pendingChanges(caller.cabinetId, [id]),
      this.deps.repos.playlists.openRejection(caller.cabinetId, id, caller.userId),
    ]);
    const base = this.asInput(current);
    const mine = pending.filter((c) => c.userId === caller.userId);
    let problem: string | null = null;
    let all: Playlist | null = null;
    if (pending.length) {
      const input = layOver(base, pending);
      try {
        await this.checkChanges(caller, input);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'VALIDATION_ERROR') throw error;
        problem = error.message;
      }
      all = await this.presentVersion(caller, current, input);
    }
    const own =
      mine.length === 0
        ? null
        : mine.length === pending.length
          ? all
          : await this.presentVersion(caller, current, layOver(base, mine));
    return {
      approved: current,
      pending: all,
      own,
      requests: pending.map((c) => ({
        id: c.id,
        userName: c.userName,
        createdDate: c.createdAt.toISOString(),
        fields: fieldsOf(c),
      })),
      problem,
      rejection: rejection
        ? {
            userName: rejection.decidedBy,
            decidedDate: (rejection.decidedAt ?? new Date(0)).toISOString(),
            reason: rejection.reason,
          }
        : null,
    };
  }

  /**
   * The owner (or admin) accepts a new playlist and the changes waiting on it, in the order sent, over
   * the playlist as it is now. Only the changes read here are marked approved, in the same transaction.
   */
  async approve(caller: Caller, id: number): Promise<Playlist> {
    const current = await this.get(caller, id);
    const pending = await this.deps.repos.playlists.pendingChanges(caller.cabinetId, [id]);
    const input = layOver(this.asInput(current), pending);
    await this.checkChanges(caller, input);
    await this.write(
      id,
      caller.cabinetId,
      input,
      current,
      { approved: true },
      {
        ids: pending.map((c) => c.id),
        userId: caller.userId,
      },
    );
    return this.get(caller, id);
  }

  /**
   * Drops the waiting changes, keeping the owner's reason with them for their authors to read. A new
   * playlist that was never approved is rejected as a whole: it is removed (it never reached a screen).
   */
  async reject(caller: Caller, id: number, reason: string | null = null): Promise<Playlist | null> {
    const current = await this.get(caller, id);
    if (!current.approved) {
      await this.deps.repos.playlists.remove(caller.cabinetId, [id]);
      return null;
    }
    const pending = await this.deps.repos.playlists.pendingChanges(caller.cabinetId, [id]);
    await this.deps.repos.playlists.decideChanges(
      caller.cabinetId,
      pending.map((c) => c.id),
      'REJECTED',
      caller.userId,
      reason || null,
    );
    return this.get(caller, id);
  }

  async remove(caller: Caller, ids: number[]): Promise<void> {
    const found = await this.deps.repos.playlists.playlistsByIds(caller.cabinetId, ids);
    if (found.length !== new Set(ids).size) throw notFound();
    const reached = await this.deps.repos.playlists.reachedPoints(caller.cabinetId, ids);
    await this.deps.repos.playlists.remove(caller.cabinetId, ids);
    await this.changed(caller.cabinetId, found.length === 1 ? found[0]!.name : null, reached);
  }

  /** A copy of content, settings and tags; with screens, its targets too. */
  async copy(caller: Caller, id: number, withScreens: boolean): Promise<Saved> {
    const source = this.asInput(await this.get(caller, id));
    const copy: PlaylistInput = {
      ...source,
      name: `${source.name} (copy)`.slice(0, 100),
      points: withScreens ? source.points : [],
      nets: withScreens ? source.nets : [],
      walls: withScreens ? source.walls : [],
    };
    // The copy keeps maxDuration as it was set by someone allowed to: it is not a new setting.
    return this.insertNew(caller, copy);
  }

  /** Bulk apply: adds the chosen screens to each playlist's targets. */
  async apply(caller: Caller, playlistIds: number[], pointIds: number[]): Promise<void> {
    if (pointIds.length === 0) throw fieldError('points', PLAYLIST_MESSAGES.chooseScreens);
    const { playlists } = this.deps.repos;
    const found = await playlists.playlistsByIds(caller.cabinetId, playlistIds);
    const points = await playlists.existingPoints(caller.cabinetId, pointIds);
    if (found.length !== new Set(playlistIds).size || points.length !== new Set(pointIds).size)
      throw notFound();
    const ids = found.map((p) => p.id);
    if (await this.needsApproval(caller)) {
      // Queued as 'add these screens', not as a whole list, so it merges with later edits.
      const user = await this.deps.repos.users.platformFindById(caller.userId);
      await this.deps.transact(async (repos) => {
        await repos.playlists.supersede(caller.cabinetId, ids, caller.userId, { pending: false });
        for (const id of ids) await this.queue(repos, caller, user?.name, id, { addPoints: points });
      });
      return;
    }
    await playlists.addPointTargets(caller.cabinetId, ids, points);
    await playlists.supersede(caller.cabinetId, ids, caller.userId, { pending: false });
    const active = found.some((p) => p.active && p.approved && p.influence === 'ACTIVE');
    await this.changed(
      caller.cabinetId,
      found.length === 1 ? found[0]!.name : null,
      active ? points : [],
      points,
    );
  }

  async targetOptions(caller: Caller, search: string | undefined) {
    return this.deps.repos.playlists.targetOptions(caller.cabinetId, search, 50);
  }

  // ---- end of validity ----
  /**
   * Runs DETACH and DELETE for playlists whose end has passed on every screen's clock. One process at a
   * time (an advisory lock); each playlist once (ended_at).
   */
  async runEndActions(now = this.clock()): Promise<{ detached: number; deleted: number }> {
    const cutoff = utcWall(now.getTime() - LATEST_ZONE_MS);
    const takedowns = new Map<CabinetId, number[]>();
    const done = await this.deps.transact(async (repos) => {
      if (!(await repos.playlists.tryEndActionLock())) return { detached: 0, deleted: 0 };
      const due = await repos.playlists.platformEndedWithAction(cutoff);
      for (const p of due) {
        const reached = await repos.playlists.reachedPoints(p.cabinetId, [p.id]);
        takedowns.set(p.cabinetId, [...(takedowns.get(p.cabinetId) ?? []), ...reached]);
      }
      const detach = due.filter((p) => p.actionOnEnd === 'DETACH').map((p) => p.id);
      const remove = due.filter((p) => p.actionOnEnd === 'DELETE').map((p) => p.id);
      await repos.playlists.platformDetachAll(detach);
      await repos.playlists.platformMarkEnded(detach);
      await repos.playlists.platformRemoveByIds(remove);
      return { detached: detach.length, deleted: remove.length };
    });
    for (const [cabinetId, pointIds] of takedowns) await this.changed(cabinetId, null, pointIds);
    return done;
  }

  // ---- tags ----
  private tagItem(row: PlaylistTagRow): PlaylistTag {
    return { id: row.id, name: row.name, color: row.color };
  }

  async listTags(caller: Caller): Promise<{ list: PlaylistTag[]; total: number }> {
    const rows = await this.deps.repos.playlists.tags(caller.cabinetId);
    return { list: rows.map((r) => this.tagItem(r)), total: rows.length };
  }

  async createTag(caller: Caller, body: { name: string; color: string | null }): Promise<PlaylistTag> {
    try {
      return this.tagItem(await this.deps.repos.playlists.insertTag(caller.cabinetId, body));
    } catch (error) {
      if (uniqueViolation(error)) throw new AppError('TAG_EXISTS');
      throw error;
    }
  }

  async updateTag(
    caller: Caller,
    id: number,
    body: { name?: string | undefined; color?: string | null | undefined },
  ): Promise<PlaylistTag> {
    try {
      const row = await this.deps.repos.playlists.updateTag(caller.cabinetId, id, body);
      if (!row) throw notFound();
      return this.tagItem(row);
    } catch (error) {
      if (uniqueViolation(error)) throw new AppError('TAG_EXISTS');
      throw error;
    }
  }

  async removeTag(caller: Caller, id: number): Promise<void> {
    if (!(await this.deps.repos.playlists.removeTag(caller.cabinetId, id))) throw notFound();
  }
}
