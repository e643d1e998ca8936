import {
  PLAYLIST_MESSAGES,
  newPlaylistDefaults,
  type ContentUpdate,
  type Feature,
  type PlaylistInput,
  type PlaylistPatch,
} from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories, Transact } from '../../db/repositories.js';
import type { Caller } from '../../lib/caller.js';
import { fieldError, notFound } from '../../lib/errors.js';
import type { MediaService } from '../media/media.service.js';
import type { ContentChange } from '../point/content-sync.js';
import type { PlaylistDelta } from '../point/playlist-delta.js';
import { EndOfValidityService } from './end-of-validity.service.js';
import { PlaylistApprovalService } from './playlist-approval.service.js';
import { inputOf, normalize } from './playlist-input.js';
import { PlaylistRules } from './playlist-rules.js';
import { PlaylistStore, type Saved } from './playlist-store.js';
import { PlaylistTagsService } from './playlist-tags.service.js';
import { PlaylistView } from './playlist-view.js';
import type { PlaylistFilter } from './playlist.repository.js';

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
  /**
   * A save's fast way to its screens' versions (point/playlist-delta.ts), begun inside its transaction
   * before it writes; absent: every save works its screens out whole.
   */
  beginDelta?: (
    repos: Repositories,
    cabinetId: CabinetId,
    playlistId: number,
  ) => Promise<{ reached: number[]; finish: PlaylistDelta['finish'] }>;
  /** Refuses a feature the cabinet's tariff lacks (billing's guard, with the spec's tariff message). */
  requireFeature?: (cabinetId: CabinetId, feature: Feature) => Promise<void>;
}

/**
 * Playlists: editing them (create, patch, copy, remove, bulk apply) under the spec §5 rules, with the
 * pieces beside it built here from the same dependencies: reading (`view`), approval of changes by content
 * managers and agents (`approval`), tags (`tags`) and end actions (`endOfValidity`).
 */
export class PlaylistService {
  readonly view: PlaylistView;
  readonly approval: PlaylistApprovalService;
  readonly tags: PlaylistTagsService;
  readonly endOfValidity: EndOfValidityService;
  private readonly rules: PlaylistRules;
  private readonly store: PlaylistStore;
  private readonly clock: () => Date;

  constructor(private readonly deps: PlaylistServiceDeps) {
    this.clock = deps.clock ?? (() => new Date());
    this.view = new PlaylistView(deps);
    this.rules = new PlaylistRules(deps);
    this.store = new PlaylistStore(deps);
    this.approval = new PlaylistApprovalService(deps, {
      view: this.view,
      rules: this.rules,
      store: this.store,
    });
    this.tags = new PlaylistTagsService(deps);
    this.endOfValidity = new EndOfValidityService(deps, this.store);
  }

  /** How many playlists the list would hold with each of these filters (the dashboard's figures). */
  counts<K extends string>(caller: Caller, filters: Record<K, PlaylistFilter>): Promise<Record<K, number>> {
    return this.view.counts(caller, filters);
  }

  /** The timed sweep's entry: end actions whose time has come (`endOfValidity.run`). */
  runEndActions(now?: Date): Promise<{ detached: number; deleted: number }> {
    return this.endOfValidity.run(now);
  }

  async create(caller: Caller, body: PlaylistPatch): Promise<Saved> {
    this.rules.guardMaxDuration(caller, body, null);
    await this.rules.guardSsp(caller, body, null);
    return this.insertNew(caller, { ...newPlaylistDefaults(this.clock()), ...body });
  }

  private async insertNew(caller: Caller, raw: PlaylistInput): Promise<Saved> {
    await this.rules.check(caller, raw);
    const input = normalize(raw);
    const approval = await this.approval.needsApproval(caller);
    const id = await this.store.insert(caller.cabinetId, input, !approval);
    const reached = approval
      ? []
      : await this.deps.repos.playlistTargets.reachedPoints(caller.cabinetId, [id]);
    const update = await this.store.changed(
      caller.cabinetId,
      input.name,
      input.active && input.influence === 'ACTIVE' ? reached : [],
      reached,
    );
    const saved = await this.view.get(caller, id);
    return approval
      ? { ...saved, notice: PLAYLIST_MESSAGES.approveRequested }
      : { ...saved, ...(update ? { update } : {}) };
  }

  async patch(caller: Caller, id: number, body: PlaylistPatch): Promise<Saved> {
    const current = await this.view.get(caller, id);
    this.rules.guardMaxDuration(caller, body, current.maxDuration);
    await this.rules.guardSsp(caller, body, current);
    const base = inputOf(current);
    if (await this.approval.needsApproval(caller)) return this.approval.patch(caller, current, base, body);
    const input: PlaylistInput = { ...base, ...body };
    await this.rules.check(caller, input);
    const update = await this.store.write(id, caller.cabinetId, input, current);
    // The author has moved on: a rejection of their earlier changes is no longer shown to them.
    await this.deps.repos.playlistChanges.supersede(caller.cabinetId, [id], caller.userId, {
      pending: false,
    });
    return { ...(await this.view.get(caller, id)), ...(update ? { update } : {}) };
  }

  async remove(caller: Caller, ids: number[]): Promise<void> {
    const found = await this.deps.repos.playlists.playlistsByIds(caller.cabinetId, ids);
    if (found.length !== new Set(ids).size) throw notFound();
    const reached = await this.deps.repos.playlistTargets.reachedPoints(caller.cabinetId, ids);
    await this.deps.repos.playlists.remove(caller.cabinetId, ids);
    await this.store.changed(caller.cabinetId, found.length === 1 ? found[0]!.name : null, reached);
  }

  /** A copy of content, settings and tags; with screens, its targets too. */
  async copy(caller: Caller, id: number, withScreens: boolean): Promise<Saved> {
    const source = inputOf(await this.view.get(caller, id));
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
    const { playlists, playlistTargets, playlistChanges } = this.deps.repos;
    const found = await playlists.playlistsByIds(caller.cabinetId, playlistIds);
    const points = await playlistTargets.existingPoints(caller.cabinetId, pointIds);
    if (found.length !== new Set(playlistIds).size || points.length !== new Set(pointIds).size)
      throw notFound();
    const ids = found.map((p) => p.id);
    if (await this.approval.needsApproval(caller)) return this.approval.queueScreens(caller, ids, points);
    await playlistTargets.addPointTargets(caller.cabinetId, ids, points);
    await playlistChanges.supersede(caller.cabinetId, ids, caller.userId, { pending: false });
    const active = found.some((p) => p.active && p.approved && p.influence === 'ACTIVE');
    await this.store.changed(
      caller.cabinetId,
      found.length === 1 ? found[0]!.name : null,
      active ? points : [],
      points,
    );
  }

  /** Screens, networks and walls by name, for the editor's pickers. */
  async targetOptions(caller: Caller, search: string | undefined) {
    return this.deps.repos.playlistTargets.targetOptions(caller.cabinetId, search, 50);
  }
}
