import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { FileListQuery } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { containsPattern, hasChanges, anyId, rowsOf } from '../../db/sql.js';
import {
  fileTags,
  files,
  folders,
  playlistItems,
  playlists,
  type FileRow,
  type FolderRow,
} from '../../db/schema.js';

export type NewFile = Omit<typeof files.$inferInsert, 'id' | 'createdAt' | 'usedAt'>;
export type FileChanges = Partial<Pick<FileRow, 'name' | 'favorite' | 'folderId' | 'usedAt' | 'index'>>;

const FILE_SORTS = {
  id: files.id,
  name: sql`lower(${files.name})`,
  size: files.size,
  created: files.createdAt,
} as const;

/** Folder id 0 is the root: a null parent. */
const parentIs = (column: typeof folders.parentId | typeof files.folderId, id: number | null) =>
  id === null || id === 0 ? isNull(column) : eq(column, id);

/** The file of this name in the folder: names are unique there, whatever their case. */
const fileNamedIn = (cabinetId: CabinetId, folderId: number | null, name: string) =>
  and(
    eq(files.cabinetId, cabinetId),
    parentIs(files.folderId, folderId),
    eq(sql`lower(${files.name})`, name.toLowerCase()),
  );

/** All SQL on the gallery: folders, files and their tags. Every method takes the cabinet id. */
export class MediaRepository {
  constructor(private readonly db: Database) {}

  // ---- folders ----
  async folder(cabinetId: CabinetId, id: number): Promise<FolderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(folders)
      .where(and(eq(folders.cabinetId, cabinetId), eq(folders.id, id)));
    return row;
  }

  async childFolders(cabinetId: CabinetId, parentId: number | null): Promise<FolderRow[]> {
    return this.db
      .select()
      .from(folders)
      .where(and(eq(folders.cabinetId, cabinetId), parentIs(folders.parentId, parentId)))
      .orderBy(folders.index, folders.name);
  }

  async folderNameTaken(
    cabinetId: CabinetId,
    parentId: number | null,
    name: string,
    exceptId?: number,
  ): Promise<boolean> {
    const [row] = await this.db
      .select({ n: count() })
      .from(folders)
      .where(
        and(
          eq(folders.cabinetId, cabinetId),
          parentIs(folders.parentId, parentId),
          eq(sql`lower(${folders.name})`, name.toLowerCase()),
          exceptId !== undefined ? ne(folders.id, exceptId) : undefined,
        ),
      );
    return (row?.n ?? 0) > 0;
  }

  async insertFolder(values: {
    cabinetId: CabinetId;
    parentId: number | null;
    name: string;
  }): Promise<FolderRow> {
    const [row] = await this.db.insert(folders).values(values).returning();
    return row!;
  }

  async updateFolders(
    cabinetId: CabinetId,
    ids: number[],
    changes: Partial<Pick<FolderRow, 'name' | 'favorite' | 'parentId'>>,
  ): Promise<FolderRow[]> {
    if (ids.length === 0) return [];
    const where = and(eq(folders.cabinetId, cabinetId), anyId(folders.id, ids));
    if (!hasChanges(changes)) return this.db.select().from(folders).where(where);
    return this.db.update(folders).set(changes).where(where).returning();
  }

  /** The folder and every folder below it. */
  async subtreeIds(cabinetId: CabinetId, id: number): Promise<number[]> {
    const result = await rowsOf<{ id: number }>(
      this.db,
      sql`
      with recursive tree(id) as (
        select id from ${folders} where cabinet_id = ${cabinetId} and id = ${id}
        union all
        select f.id from ${folders} f join tree on f.parent_id = tree.id where f.cabinet_id = ${cabinetId}
      )
      select id from tree`,
    );
    return result.map((r) => Number(r.id));
  }

  /** From the folder up to the root, for breadcrumbs. */
  async ancestors(cabinetId: CabinetId, id: number): Promise<{ id: number; name: string }[]> {
    const result = await rowsOf<{ id: number; name: string }>(
      this.db,
      sql`
      with recursive up(id, name, parent_id, depth) as (
        select id, name, parent_id, 0 from ${folders} where cabinet_id = ${cabinetId} and id = ${id}
        union all
        select f.id, f.name, f.parent_id, up.depth + 1 from ${folders} f join up on f.id = up.parent_id
        where f.cabinet_id = ${cabinetId} and up.depth < 100
      )
      select id, name from up order by depth desc`,
    );
    return result.map((r) => ({ id: Number(r.id), name: r.name }));
  }

  async removeFolders(cabinetId: CabinetId, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.delete(folders).where(and(eq(folders.cabinetId, cabinetId), anyId(folders.id, ids)));
  }

  async favoriteFolders(cabinetId: CabinetId): Promise<FolderRow[]> {
    return this.db
      .select()
      .from(folders)
      .where(and(eq(folders.cabinetId, cabinetId), eq(folders.favorite, true)))
      .orderBy(folders.name);
  }

  async searchFolders(cabinetId: CabinetId, search: string): Promise<FolderRow[]> {
    return this.db
      .select()
      .from(folders)
      .where(and(eq(folders.cabinetId, cabinetId), ilike(folders.name, containsPattern(search))))
      .orderBy(folders.name)
      .limit(200);
  }

  // ---- files ----
  async file(cabinetId: CabinetId, id: number): Promise<FileRow | undefined> {
    const [row] = await this.db
      .select()
      .from(files)
      .where(and(eq(files.cabinetId, cabinetId), eq(files.id, id)));
    return row;
  }

  /** By id alone: only for serving bytes behind a signed address, which already proves access. */
  async platformFileById(id: number): Promise<FileRow | undefined> {
    const [row] = await this.db.select().from(files).where(eq(files.id, id));
    return row;
  }

  async filesIn(cabinetId: CabinetId, folderId: number | null): Promise<FileRow[]> {
    return this.db
      .select()
      .from(files)
      .where(and(eq(files.cabinetId, cabinetId), parentIs(files.folderId, folderId)))
      .orderBy(files.index, files.name);
  }

  async filesInFolders(cabinetId: CabinetId, folderIds: number[]): Promise<FileRow[]> {
    if (folderIds.length === 0) return [];
    return this.db
      .select()
      .from(files)
      .where(and(eq(files.cabinetId, cabinetId), anyId(files.folderId, folderIds)));
  }

  /**
   * The playlists that use each file (as content or as secondary content): such files are kept. Reads every
   * cabinet's playlists (hence `platform`): another cabinet's use of a stock file is counted, never named.
   */
  async platformPlaylistsUsing(
    cabinetId: CabinetId,
    fileIds: number[],
  ): Promise<Map<number, { playlists: string[]; elsewhere: number }>> {
    const result = new Map<number, { playlists: string[]; elsewhere: number }>();
    if (fileIds.length === 0) return result;
    const [asContent, asSecondary] = await Promise.all([
      this.db
        .selectDistinct({
          fileId: playlistItems.fileId,
          id: playlists.id,
          cabinetId: playlists.cabinetId,
          name: playlists.name,
        })
        .from(playlistItems)
        .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
        .where(anyId(playlistItems.fileId, fileIds)),
      this.db
        .select({
          fileId: playlists.secondaryFileId,
          id: playlists.id,
          cabinetId: playlists.cabinetId,
          name: playlists.name,
        })
        .from(playlists)
        .where(anyId(playlists.secondaryFileId, fileIds)),
    ]);
    const seen = new Set<string>();
    for (const use of [...asContent, ...asSecondary]) {
      if (use.fileId === null || seen.has(`${use.fileId}:${use.id}`)) continue;
      seen.add(`${use.fileId}:${use.id}`);
      const entry = result.get(use.fileId) ?? { playlists: [], elsewhere: 0 };
      // Another cabinet's playlist (using a stock file) is counted, never named.
      if (use.cabinetId === cabinetId) entry.playlists.push(use.name);
      else entry.elsewhere += 1;
      result.set(use.fileId, entry);
    }
    return result;
  }

  async fileNameTaken(
    cabinetId: CabinetId,
    folderId: number | null,
    name: string,
    exceptId?: number,
  ): Promise<boolean> {
    const [row] = await this.db
      .select({ n: count() })
      .from(files)
      .where(
        and(
          fileNamedIn(cabinetId, folderId, name),
          exceptId !== undefined ? ne(files.id, exceptId) : undefined,
        ),
      );
    return (row?.n ?? 0) > 0;
  }

  /** The size of the file of this name in the folder (names are unique there, whatever their case). */
  async namedFileSize(
    cabinetId: CabinetId,
    folderId: number | null,
    name: string,
  ): Promise<number | undefined> {
    const [row] = await this.db
      .select({ size: files.size })
      .from(files)
      .where(fileNamedIn(cabinetId, folderId, name))
      .limit(1);
    return row?.size;
  }

  async fileByHash(cabinetId: CabinetId, hash: string): Promise<FileRow | undefined> {
    const [row] = await this.db
      .select()
      .from(files)
      .where(and(eq(files.cabinetId, cabinetId), eq(files.hash, hash)))
      .orderBy(files.id)
      .limit(1);
    return row;
  }

  /** How many file rows still point at a stored object. */
  async platformStorageKeyUsers(storageKey: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(files).where(eq(files.storageKey, storageKey));
    return row?.n ?? 0;
  }

  /** Bytes a cabinet's library occupies: each stored object once. */
  async insertFile(values: NewFile): Promise<FileRow> {
    const [row] = await this.db.insert(files).values(values).returning();
    return row!;
  }

  async updateFiles(cabinetId: CabinetId, ids: number[], changes: FileChanges): Promise<FileRow[]> {
    if (ids.length === 0) return [];
    const where = and(eq(files.cabinetId, cabinetId), anyId(files.id, ids));
    if (!hasChanges(changes)) return this.db.select().from(files).where(where);
    return this.db.update(files).set(changes).where(where).returning();
  }

  async removeFiles(cabinetId: CabinetId, ids: number[]): Promise<FileRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .delete(files)
      .where(and(eq(files.cabinetId, cabinetId), anyId(files.id, ids)))
      .returning();
  }

  async recentFiles(cabinetId: CabinetId, limit = 50): Promise<FileRow[]> {
    return this.db
      .select()
      .from(files)
      .where(eq(files.cabinetId, cabinetId))
      .orderBy(desc(files.usedAt), desc(files.id))
      .limit(limit);
  }

  async favoriteFiles(cabinetId: CabinetId): Promise<FileRow[]> {
    return this.db
      .select()
      .from(files)
      .where(and(eq(files.cabinetId, cabinetId), eq(files.favorite, true)))
      .orderBy(files.name);
  }

  async searchFiles(cabinetId: CabinetId, search: string): Promise<FileRow[]> {
    const tagged = this.db
      .select({ id: fileTags.fileId })
      .from(fileTags)
      .where(and(eq(fileTags.cabinetId, cabinetId), ilike(fileTags.tag, containsPattern(search))));
    return this.db
      .select()
      .from(files)
      .where(
        and(
          eq(files.cabinetId, cabinetId),
          sql`(${ilike(files.name, containsPattern(search))} or ${files.id} in ${tagged})` as SQL,
        ),
      )
      .orderBy(files.name)
      .limit(200);
  }

  /** GET /api/file: a page of the cabinet's files with the list's filters, and how many match. */
  async listFiles(cabinetId: CabinetId, query: FileListQuery): Promise<{ rows: FileRow[]; total: number }> {
    const where = and(
      eq(files.cabinetId, cabinetId),
      query.search ? ilike(files.name, containsPattern(query.search)) : undefined,
      query.kind ? eq(files.kind, query.kind) : undefined,
      query.source ? eq(files.source, query.source) : undefined,
      query.folder === undefined ? undefined : parentIs(files.folderId, query.folder),
      query.favorite ? eq(files.favorite, true) : undefined,
      query.tag
        ? inArray(
            files.id,
            this.db
              .select({ id: fileTags.fileId })
              .from(fileTags)
              .where(and(eq(fileTags.cabinetId, cabinetId), eq(fileTags.tag, query.tag))),
          )
        : undefined,
    );
    const column = FILE_SORTS[query.sort];
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(files)
        .where(where)
        .orderBy(
          query.order === 'asc' ? asc(column) : desc(column),
          query.order === 'asc' ? asc(files.id) : desc(files.id),
        )
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.db.select({ total: count() }).from(files).where(where),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  // ---- tags ----
  async tagsOf(cabinetId: CabinetId, fileIds: number[]): Promise<Map<number, string[]>> {
    const map = new Map<number, string[]>();
    if (fileIds.length === 0) return map;
    const rows = await this.db
      .select()
      .from(fileTags)
      .where(and(eq(fileTags.cabinetId, cabinetId), anyId(fileTags.fileId, fileIds)))
      .orderBy(fileTags.tag);
    for (const row of rows) map.set(row.fileId, [...(map.get(row.fileId) ?? []), row.tag]);
    return map;
  }

  async setTags(cabinetId: CabinetId, fileId: number, tags: string[]): Promise<void> {
    await this.db.delete(fileTags).where(and(eq(fileTags.cabinetId, cabinetId), eq(fileTags.fileId, fileId)));
    if (tags.length) {
      await this.db
        .insert(fileTags)
        .values(tags.map((tag) => ({ cabinetId, fileId, tag })))
        .onConflictDoNothing();
    }
  }
}
