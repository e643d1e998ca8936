import {
  PLAYLIST_MESSAGES,
  allItems,
  can,
  expirationOf,
  itemSeconds,
  type Playlist,
  type PlaylistInput,
  type PlaylistItem,
  type PlaylistPatch,
  type PlaylistVersions,
} from '@vitrine/core';
import type { Repositories } from '../../db/repositories.js';
import type { Caller } from '../../lib/caller.js';
import { AppError } from '../../lib/errors.js';
import { fieldsOf, inputOf, layOver, normalize, type QueuedPatch } from './playlist-input.js';
import type { PlaylistRules } from './playlist-rules.js';
import type { PlaylistStore, Saved } from './playlist-store.js';
import type { PlaylistView } from './playlist-view.js';
import type { PlaylistServiceDeps } from './playlist.service.js';

/** What approval works with: reading, the rules and writing a playlist. */
export interface ApprovalParts {
  view: PlaylistView;
  rules: PlaylistRules;
  store: PlaylistStore;
}

/**
 * Approval of playlists (spec §4, the keys of §6): where the cabinet asks for it, content managers' and
 * agents' edits wait as changes for the owner (or an admin), who sees what approving would write and
 * approves or rejects them with a reason their authors read.
 */
export class PlaylistApprovalService {
  constructor(
    private readonly deps: Pick<PlaylistServiceDeps, 'repos' | 'transact'>,
    private readonly parts: ApprovalParts,
  ) {}

  /** The caller's edits wait for approval: their role's key says so and their cabinet asks for it. */
  async needsApproval(caller: Caller): Promise<boolean> {
    if (!can(caller.role, 'playlist.editNeedsApproval')) return false;
    const cabinet = await this.deps.repos.cabinets.findById(caller.cabinetId);
    return cabinet?.approvalRequired ?? false;
  }

  /**
   * A patch from a role under approval lands on the version its author sees (the playlist with their own
   * waiting changes), so their editor and their next save agree. Only the fields that then differ from
   * the playlist wait, in one change replacing their earlier ones, so approving late never undoes others'
   * later edits, and a field they set back is no longer changed.
   */
  async patch(caller: Caller, current: Playlist, base: PlaylistInput, body: PlaylistPatch): Promise<Saved> {
    const pending = await this.deps.repos.playlistChanges.pendingChanges(caller.cabinetId, [current.id]);
    const input: PlaylistInput = {
      ...layOver(
        base,
        pending.filter((c) => c.userId === caller.userId),
      ),
      ...body,
    };
    await this.parts.rules.check(caller, input);
    const changed = Object.fromEntries(
      Object.entries(input).filter(
        ([key, value]) =>
          key !== 'maxDuration' && JSON.stringify(value) !== JSON.stringify(base[key as keyof PlaylistInput]),
      ),
    );
    const waits = Object.keys(changed).length > 0;
    const user = await this.deps.repos.users.platformFindById(caller.userId);
    await this.deps.transact(async (repos) => {
      await repos.playlistChanges.supersede(caller.cabinetId, [current.id], caller.userId, { pending: true });
      if (waits) await this.queue(repos, caller, user?.name, current.id, changed);
    });
    const saved = await this.parts.view.get(caller, current.id);
    return waits ? { ...saved, notice: PLAYLIST_MESSAGES.approveRequested } : saved;
  }

  private async queue(
    repos: Repositories,
    caller: Caller,
    userName: string | undefined,
    playlistId: number,
    patch: QueuedPatch,
  ): Promise<void> {
    await repos.playlistChanges.insertChange({
      cabinetId: caller.cabinetId,
      playlistId,
      userId: caller.userId,
      userName: userName ?? caller.login,
      patch,
    });
  }

  /**
   * Bulk apply under approval: queued as 'add these screens', not as a whole list, so it merges
   * with later edits.
   */
  async queueScreens(caller: Caller, playlistIds: number[], pointIds: number[]): Promise<void> {
    const user = await this.deps.repos.users.platformFindById(caller.userId);
    await this.deps.transact(async (repos) => {
      await repos.playlistChanges.supersede(caller.cabinetId, playlistIds, caller.userId, { pending: false });
      for (const id of playlistIds) await this.queue(repos, caller, user?.name, id, { addPoints: pointIds });
    });
  }

  /**
   * What approval is about: the playlist as screens have it, with every waiting change laid over (by the
   * code approve runs, so the difference is exactly what approving writes), with the caller's own
   * changes only (their editor), who asked and when, and the caller's rejection not yet followed by an
   * edit.
   */
  async versions(caller: Caller, id: number): Promise<PlaylistVersions> {
    const current = await this.parts.view.get(caller, id);
    const [pending, rejection] = await Promise.all([
      this.deps.repos.playlistChanges.pendingChanges(caller.cabinetId, [id]),
      this.deps.repos.playlistChanges.openRejection(caller.cabinetId, id, caller.userId),
    ]);
    const base = inputOf(current);
    const mine = pending.filter((c) => c.userId === caller.userId);
    let problem: string | null = null;
    let all: Playlist | null = null;
    if (pending.length) {
      const input = layOver(base, pending);
      try {
        await this.parts.rules.checkChanges(caller, input);
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
    const current = await this.parts.view.get(caller, id);
    const pending = await this.deps.repos.playlistChanges.pendingChanges(caller.cabinetId, [id]);
    const input = layOver(inputOf(current), pending);
    await this.parts.rules.checkChanges(caller, input);
    await this.parts.store.write(
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
    return this.parts.view.get(caller, id);
  }

  /**
   * Drops the waiting changes, keeping the owner's reason with them for their authors to read. A new
   * playlist that was never approved is rejected as a whole: it is removed (it never reached a screen).
   */
  async reject(caller: Caller, id: number, reason: string | null = null): Promise<Playlist | null> {
    const current = await this.parts.view.get(caller, id);
    if (!current.approved) {
      await this.deps.repos.playlists.remove(caller.cabinetId, [id]);
      return null;
    }
    const pending = await this.deps.repos.playlistChanges.pendingChanges(caller.cabinetId, [id]);
    await this.deps.repos.playlistChanges.decideChanges(
      caller.cabinetId,
      pending.map((c) => c.id),
      'REJECTED',
      caller.userId,
      reason || null,
    );
    return this.parts.view.get(caller, id);
  }

  /**
   * A version that is not stored (the playlist with waiting changes laid over), presented as `get`
   * presents a stored one once written: names instead of ids, the reach and content length it would
   * have. References gone since the change was sent (a removed file) are left out; approving says so.
   */
  private async presentVersion(caller: Caller, current: Playlist, raw: PlaylistInput): Promise<Playlist> {
    const { playlistTargets, playlistTags } = this.deps.repos;
    const input = normalize(raw);
    const fileIds = [
      ...new Set([
        ...allItems(input).map((i) => i.fileId),
        ...(input.secondaryFileId ? [input.secondaryFileId] : []),
      ]),
    ];
    const [fileRows, pointRows, netRows, wallRows, tagRows, reach] = await Promise.all([
      this.parts.rules.usableFiles(caller, fileIds),
      playlistTargets.namedPoints(caller.cabinetId, input.points),
      playlistTargets.namedNets(caller.cabinetId, input.nets),
      playlistTargets.namedWalls(caller.cabinetId, input.walls),
      playlistTags.namedTags(caller.cabinetId, input.tags),
      playlistTargets.countReach(caller.cabinetId, input.points, input.nets, input.walls),
    ]);
    const filesById = new Map(fileRows.map((f) => [f.id, f]));
    const items = (list: { fileId: number; duration: number | null; wallFit: PlaylistItem['wallFit'] }[]) =>
      list.flatMap((i) => {
        const file = filesById.get(i.fileId);
        return file ? [this.parts.view.item({ ...i, file })] : [];
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
      secondaryFile: secondary
        ? this.parts.view.item({ fileId: secondary.id, duration: null, file: secondary })
        : null,
      pointsTotal: reach,
      expiration: expirationOf(input.toDate, this.parts.view.now()),
      contentDuration: playing.reduce((sum, i) => sum + itemSeconds(i, i.mediaDuration), 0),
    };
  }
}
