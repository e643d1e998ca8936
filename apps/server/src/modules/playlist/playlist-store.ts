import type { ContentChangeReason, ContentUpdate, Playlist, PlaylistInput } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories } from '../../db/repositories.js';
import type { Settled } from '../point/playlist-delta.js';
import { columns, normalize } from './playlist-input.js';
import type { PlaylistServiceDeps } from './playlist.service.js';

const reasonOf = (name: string | null): ContentChangeReason => ({ kind: 'playlist', name });

/** A saved playlist as the editor gets it back: a notice when it waits for approval, the screens' update. */
export type Saved = Playlist & { notice?: string; update?: ContentUpdate };

/**
 * Writing a playlist whole (its columns, content, targets and tags in one transaction) and telling the
 * screens whose content it changes.
 */
export class PlaylistStore {
  constructor(
    private readonly deps: Pick<
      PlaylistServiceDeps,
      'repos' | 'transact' | 'contentChanged' | 'beginDelta' | 'clock'
    >,
  ) {}

  /**
   * Spec §4: an ACTIVE playlist makes its screens update at once; a PASSIVE one waits for their next sync.
   * Screens that lose a playlist are always told (a takedown never waits).
   */
  async changed(
    cabinetId: CabinetId,
    name: string | null,
    immediate: Iterable<number>,
    passive: Iterable<number> = [],
    /** Screens whose versions the save's transaction already stored (playlist-delta.ts). */
    settled: Settled | null = null,
  ): Promise<ContentUpdate | undefined> {
    return this.deps.contentChanged?.(cabinetId, {
      immediate,
      passive,
      reason: reasonOf(name),
      ...(settled ? { settled } : {}),
    });
  }

  /** A new playlist, in one transaction: its id. `input` is normalized. */
  async insert(cabinetId: CabinetId, input: PlaylistInput, approved: boolean): Promise<number> {
    return this.deps.transact(async (repos) => {
      const row = await repos.playlists.insert(cabinetId, { ...columns(input), approved });
      await this.replaceChildren(repos, cabinetId, row.id, input);
      return row.id;
    });
  }

  /** Writes the whole playlist in one transaction (and, for an approval, marks the changes it applied). */
  async write(
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
    const { before, after, settled } = await this.deps.transact(async (repos) => {
      // The screens' versions move with the playlist's contribution alone where they can.
      const delta = await this.deps.beginDelta?.(repos, cabinetId, playlistId);
      const before = delta?.reached ?? (await repos.playlistTargets.reachedPoints(cabinetId, [playlistId]));
      await repos.playlists.update(cabinetId, playlistId, {
        ...columns(input),
        ...extra,
        ...(reopened ? { endedAt: null } : {}),
      });
      if (decided)
        await repos.playlistChanges.decideChanges(cabinetId, decided.ids, 'APPROVED', decided.userId);
      await this.replaceChildren(repos, cabinetId, playlistId, input);
      const at = this.deps.clock?.() ?? new Date();
      if (delta) {
        const { reached, settled } = await delta.finish(repos, JSON.stringify(reasonOf(input.name)), at);
        return { before, after: reached, settled };
      }
      const after = await repos.playlistTargets.reachedPoints(cabinetId, [playlistId]);
      return { before, after, settled: null };
    });
    const live = (extra.approved ?? current.approved) && input.active;
    const everyone = [...before, ...after];
    const takedowns = before.filter((p) => !after.includes(p));
    return this.changed(
      cabinetId,
      input.name,
      input.influence === 'ACTIVE' || !live ? everyone : takedowns,
      everyone,
      settled,
    );
  }

  /** The rows a playlist's input keeps beside its own: content, targets and tags. */
  private async replaceChildren(
    repos: Repositories,
    cabinetId: CabinetId,
    playlistId: number,
    input: PlaylistInput,
  ): Promise<void> {
    await repos.playlists.replaceContent(cabinetId, playlistId, input);
    await repos.playlistTargets.replaceTargets(cabinetId, playlistId, input.points, input.nets, input.walls);
    await repos.playlistTags.replaceTags(cabinetId, playlistId, input.tags);
  }
}
