import type { PlaylistTag } from '@vitrine/core';
import { uniqueViolation } from '../../db/errors.js';
import type { PlaylistTagRow } from '../../db/schema.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { PlaylistServiceDeps } from './playlist.service.js';

const tagItem = (row: PlaylistTagRow): PlaylistTag => ({ id: row.id, name: row.name, color: row.color });

/** The cabinet's playlist tags (spec §7 Tag-playlist calls); a name already taken is TAG_EXISTS. */
export class PlaylistTagsService {
  constructor(private readonly deps: Pick<PlaylistServiceDeps, 'repos'>) {}

  async list(caller: Caller): Promise<{ list: PlaylistTag[]; total: number }> {
    const rows = await this.deps.repos.playlistTags.tags(caller.cabinetId);
    return { list: rows.map(tagItem), total: rows.length };
  }

  async create(caller: Caller, body: { name: string; color: string | null }): Promise<PlaylistTag> {
    try {
      return tagItem(await this.deps.repos.playlistTags.insertTag(caller.cabinetId, body));
    } catch (error) {
      if (uniqueViolation(error)) throw new AppError('TAG_EXISTS');
      throw error;
    }
  }

  async update(
    caller: Caller,
    id: number,
    body: { name?: string | undefined; color?: string | null | undefined },
  ): Promise<PlaylistTag> {
    try {
      const row = await this.deps.repos.playlistTags.updateTag(caller.cabinetId, id, body);
      if (!row) throw notFound();
      return tagItem(row);
    } catch (error) {
      if (uniqueViolation(error)) throw new AppError('TAG_EXISTS');
      throw error;
    }
  }

  async remove(caller: Caller, id: number): Promise<void> {
    if (!(await this.deps.repos.playlistTags.removeTag(caller.cabinetId, id))) throw notFound();
  }
}
