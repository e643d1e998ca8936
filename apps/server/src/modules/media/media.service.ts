import {
  PLAYLIST_MESSAGES,
  UPLOAD_MESSAGES,
  extensionOf,
  type FileItem,
  type FolderContents,
  type FolderItem,
  type GalleryItem,
  type KeptFile,
  type RemoveResult,
  type FileList,
  type FileListQuery,
} from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { FileRow, FolderRow } from '../../db/schema.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { UrlSigner } from '../../lib/signer.js';
import type { Storage } from '../../lib/storage.js';
import type { SafeFetchOptions } from '../../lib/safe-fetch.js';
import type { Transact } from '../../db/repositories.js';
import { IngestService } from './ingest.service.js';
import type { MediaRepository } from './media.repository.js';
import type { Quota } from './quota.js';
import { StoredObjects } from './stored-objects.js';

export interface MediaLimits {
  /** Largest single file, bytes (default 2 GiB). */
  maxFileSize: number;
}

export interface MediaServiceDeps {
  media: MediaRepository;
  /** Runs the file row and the end of its quota hold in one transaction. */
  transact: Transact;
  quota: Quota;
  storage: Storage;
  signer: UrlSigner;
  limits: MediaLimits;
  tmpDir: string;
  /** Rules for fetching a URL on a user's behalf (tests loosen them for one loopback address). */
  fetchPolicy?: SafeFetchOptions;
  /** The cabinet that holds the stock library, if it was made. */
  stockCabinetId: () => Promise<CabinetId | undefined>;
}

const root = (id: number | null) => id ?? 0;

function removeResult(kept: KeptFile[]): RemoveResult {
  return kept.length
    ? { ok: true, kept, message: `${PLAYLIST_MESSAGES.fileInUse}: ${kept.map((k) => k.name).join(', ')}` }
    : { ok: true, kept };
}

const toDb = (path: number) => (path === 0 ? null : path);

/**
 * The library: folders and files, how they are shown, found, renamed, moved and removed. Files come in
 * through `ingest` (uploads, imports, creatives, remote files) and their bytes go out through `objects`.
 */
export class MediaService {
  readonly ingest: IngestService;
  readonly objects: StoredObjects;

  constructor(private readonly deps: MediaServiceDeps) {
    this.ingest = new IngestService(deps, this);
    this.objects = new StoredObjects(deps);
  }

  // ---- presenting ----
  folderItem(row: FolderRow): FolderItem {
    return {
      id: row.id,
      name: row.name,
      path: root(row.parentId),
      index: row.index,
      favorite: row.favorite,
      createdDate: row.createdAt.toISOString(),
    };
  }

  private signedUrl(row: FileRow, variant: 'content' | 'thumb'): string {
    const { exp, sig } = this.deps.signer.sign(row.id, variant);
    return `/api/file/${row.id}/${variant}?exp=${exp}&sig=${sig}`;
  }

  /** A file's thumbnail address alone, for answers that show only the picture (one signature, not three). */
  thumbUrl(row: FileRow): string | null {
    return row.thumbKey ? this.signedUrl(row, 'thumb') : null;
  }

  fileItem(row: FileRow, tags: string[] = []): FileItem {
    const signed = (variant: 'content' | 'thumb') => this.signedUrl(row, variant);
    // A package's pages load their assets by relative address, so the signature sits in the path.
    const packageUrl = () => {
      const { exp, sig } = this.deps.signer.sign(row.id, 'package');
      return `/api/file/${row.id}/package/${exp}/${sig}/${row.packageEntry}`;
    };
    return {
      id: row.id,
      name: row.name,
      mime: row.mime,
      kind: row.kind,
      source: row.source,
      path: root(row.folderId),
      index: row.index,
      size: row.size,
      width: row.width,
      height: row.height,
      duration: row.duration,
      measuredBy: row.measuredBy,
      hash: row.hash,
      favorite: row.favorite,
      tags,
      url: row.remoteUrl ?? signed('content'),
      thumbUrl: row.thumbKey ? signed('thumb') : null,
      remoteUrl: row.remoteUrl,
      packageUrl: row.packageEntry ? packageUrl() : null,
      ...(row.kind === 'font' ? { fontFamily: row.fontFamily } : {}),
      createdDate: row.createdAt.toISOString(),
    };
  }

  private async present(
    cabinetId: CabinetId,
    folderRows: FolderRow[],
    fileRows: FileRow[],
    filesFirst = false,
  ) {
    const tags = await this.deps.media.tagsOf(
      cabinetId,
      fileRows.map((f) => f.id),
    );
    const fileItems = fileRows.map((f) => this.fileItem(f, tags.get(f.id)));
    const folderItems = folderRows.map((f) => this.folderItem(f));
    const data: GalleryItem[] = filesFirst ? [...fileItems, ...folderItems] : [...folderItems, ...fileItems];
    const allTags = [...new Set([...tags.values()].flat())].sort();
    return { data, tags: allTags };
  }

  // ---- folders ----
  async folderContents(caller: Caller, folderId: number): Promise<FolderContents> {
    const { media } = this.deps;
    if (folderId !== 0 && !(await media.folder(caller.cabinetId, folderId))) throw notFound();
    const id = toDb(folderId);
    const [folderRows, fileRows] = await Promise.all([
      media.childFolders(caller.cabinetId, id),
      media.filesIn(caller.cabinetId, id),
    ]);
    const breadcrumbs = folderId === 0 ? [] : await media.ancestors(caller.cabinetId, folderId);
    return { ...(await this.present(caller.cabinetId, folderRows, fileRows)), breadcrumbs };
  }

  /** The stock library (spec §2 STOCK): the platform cabinet's shared samples, read-only for everyone. */
  async stockContents(folderId: number): Promise<FolderContents> {
    const stock = await this.deps.stockCabinetId();
    if (stock === undefined) return { data: [], tags: [], breadcrumbs: [] };
    return this.folderContents(
      { userId: 0, cabinetId: stock, role: 'admin', login: 'stock', via: 'session' },
      folderId,
    );
  }

  async recent(caller: Caller): Promise<FolderContents> {
    const rows = await this.deps.media.recentFiles(caller.cabinetId);
    return { ...(await this.present(caller.cabinetId, [], rows)), breadcrumbs: [] };
  }

  /** Favorites: files before folders (spec §4). */
  async favorites(caller: Caller): Promise<FolderContents> {
    const { media } = this.deps;
    const [folderRows, fileRows] = await Promise.all([
      media.favoriteFolders(caller.cabinetId),
      media.favoriteFiles(caller.cabinetId),
    ]);
    return { ...(await this.present(caller.cabinetId, folderRows, fileRows, true)), breadcrumbs: [] };
  }

  async search(caller: Caller, search: string): Promise<FolderContents> {
    const { media } = this.deps;
    const [folderRows, fileRows] = await Promise.all([
      media.searchFolders(caller.cabinetId, search),
      media.searchFiles(caller.cabinetId, search),
    ]);
    return { ...(await this.present(caller.cabinetId, folderRows, fileRows)), breadcrumbs: [] };
  }

  async createFolder(caller: Caller, name: string, path: number): Promise<FolderItem> {
    const { media } = this.deps;
    if (path !== 0 && !(await media.folder(caller.cabinetId, path))) throw notFound();
    if (await media.folderNameTaken(caller.cabinetId, toDb(path), name)) throw new AppError('FOLDER_EXISTS');
    return this.folderItem(
      await media.insertFolder({ cabinetId: caller.cabinetId, parentId: toDb(path), name }),
    );
  }

  async patchFolder(
    caller: Caller,
    id: number,
    body: { toggleFavorite?: true; name?: string },
  ): Promise<FolderItem> {
    const { media } = this.deps;
    const folder = await media.folder(caller.cabinetId, id);
    if (!folder) throw notFound();
    const changes: { favorite?: boolean; name?: string } = {};
    if (body.toggleFavorite) changes.favorite = !folder.favorite;
    if (body.name !== undefined && body.name !== folder.name) {
      if (await media.folderNameTaken(caller.cabinetId, folder.parentId, body.name, id))
        throw new AppError('FOLDER_EXISTS');
      changes.name = body.name;
    }
    const [row] = await media.updateFolders(caller.cabinetId, [id], changes);
    return this.folderItem(row ?? folder);
  }

  /** Moves folders; a target below 0 is ignored and a folder never moves into itself or below itself. */
  async moveFolders(caller: Caller, ids: number[], path: number): Promise<FolderItem[]> {
    const { media } = this.deps;
    if (path < 0) return [];
    if (path !== 0 && !(await media.folder(caller.cabinetId, path))) throw notFound();
    for (const id of ids) {
      if (!(await media.folder(caller.cabinetId, id))) throw notFound();
      if (path !== 0 && (await media.subtreeIds(caller.cabinetId, id)).includes(path)) {
        throw new AppError('FOLDER_MOVE_INVALID');
      }
    }
    return (await media.updateFolders(caller.cabinetId, ids, { parentId: toDb(path) })).map((f) =>
      this.folderItem(f),
    );
  }

  /**
   * Removes folders with everything in them, except files a playlist uses: those stay, with the folders
   * that hold them, and the answer names them.
   */
  async removeFolders(caller: Caller, ids: number[]): Promise<RemoveResult> {
    const { media } = this.deps;
    const all = new Set<number>();
    for (const id of ids) {
      const subtree = await media.subtreeIds(caller.cabinetId, id);
      if (subtree.length === 0) throw notFound();
      subtree.forEach((f) => all.add(f));
    }
    const contained = await media.filesInFolders(caller.cabinetId, [...all]);
    const kept = await this.inUse(caller.cabinetId, contained);
    const keptIds = new Set(kept.map((k) => k.id));
    await this.removeFileRows(
      caller.cabinetId,
      contained.filter((f) => !keptIds.has(f.id)).map((f) => f.id),
    );
    const keepFolders = new Set<number>();
    for (const file of contained.filter((f) => keptIds.has(f.id))) {
      let folderId = file.folderId;
      while (folderId !== null && all.has(folderId) && !keepFolders.has(folderId)) {
        keepFolders.add(folderId);
        folderId = (await media.folder(caller.cabinetId, folderId))?.parentId ?? null;
      }
    }
    await media.removeFolders(
      caller.cabinetId,
      [...all].filter((id) => !keepFolders.has(id)),
    );
    return removeResult(kept);
  }

  /** Files among `rows` that a playlist uses, with the playlists' names. */
  private async inUse(cabinetId: CabinetId, rows: FileRow[]): Promise<KeptFile[]> {
    const using = await this.deps.media.platformPlaylistsUsing(
      cabinetId,
      rows.map((r) => r.id),
    );
    return rows.filter((r) => using.has(r.id)).map((r) => ({ id: r.id, name: r.name, ...using.get(r.id)! }));
  }

  // ---- files ----
  /** GET /api/file: the cabinet's files, searched, filtered, sorted and paged. */
  async listFiles(caller: Caller, query: FileListQuery): Promise<FileList> {
    const { rows, total } = await this.deps.media.listFiles(caller.cabinetId, query);
    const tags = await this.deps.media.tagsOf(
      caller.cabinetId,
      rows.map((r) => r.id),
    );
    return { files: rows.map((row) => this.fileItem(row, tags.get(row.id))), total };
  }

  async getFile(caller: Caller, id: number): Promise<FileItem> {
    const row = await this.deps.media.file(caller.cabinetId, id);
    if (!row) throw notFound();
    const tags = await this.deps.media.tagsOf(caller.cabinetId, [id]);
    return this.fileItem(row, tags.get(id));
  }

  async patchFile(
    caller: Caller,
    id: number,
    body: { toggleFavorite?: true; name?: string; tags?: string[] },
  ): Promise<FileItem> {
    const { media } = this.deps;
    const file = await media.file(caller.cabinetId, id);
    if (!file) throw notFound();
    const changes: { favorite?: boolean; name?: string } = {};
    if (body.toggleFavorite) changes.favorite = !file.favorite;
    if (body.name !== undefined && body.name !== file.name) {
      if (extensionOf(body.name) !== extensionOf(file.name)) {
        throw new AppError(
          'VALIDATION_ERROR',
          UPLOAD_MESSAGES.invalidExtension(body.name, [extensionOf(file.name)]),
          {
            name: UPLOAD_MESSAGES.invalidExtension(body.name, [extensionOf(file.name)]),
          },
        );
      }
      if (await media.fileNameTaken(caller.cabinetId, file.folderId, body.name, id))
        throw new AppError('FILE_EXISTS');
      changes.name = body.name;
    }
    if (Object.keys(changes).length) await media.updateFiles(caller.cabinetId, [id], changes);
    if (body.tags) await media.setTags(caller.cabinetId, id, [...new Set(body.tags)]);
    return this.getFile(caller, id);
  }

  async moveFiles(caller: Caller, ids: number[], path: number): Promise<FileItem[]> {
    const { media } = this.deps;
    if (path < 0) return [];
    if (path !== 0 && !(await media.folder(caller.cabinetId, path))) throw notFound();
    const rows = await Promise.all(ids.map((id) => media.file(caller.cabinetId, id)));
    if (rows.some((r) => !r)) throw notFound();
    for (const row of rows) {
      if (await media.fileNameTaken(caller.cabinetId, toDb(path), row!.name, row!.id))
        throw new AppError('FILE_EXISTS');
    }
    return (await media.updateFiles(caller.cabinetId, ids, { folderId: toDb(path) })).map((f) =>
      this.fileItem(f),
    );
  }

  /** Removes files; one a playlist uses is kept and named in the answer. */
  async removeFiles(caller: Caller, ids: number[]): Promise<RemoveResult> {
    const existing = await Promise.all(ids.map((id) => this.deps.media.file(caller.cabinetId, id)));
    if (existing.some((r) => !r)) throw notFound();
    const kept = await this.inUse(caller.cabinetId, existing as FileRow[]);
    const keptIds = new Set(kept.map((k) => k.id));
    await this.removeFileRows(
      caller.cabinetId,
      ids.filter((id) => !keptIds.has(id)),
    );
    return removeResult(kept);
  }

  /** Deletes rows, then the stored objects no row points at any more. */
  private async removeFileRows(cabinetId: CabinetId, ids: number[]): Promise<void> {
    const removed = await this.deps.media.removeFiles(cabinetId, ids);
    for (const row of removed) {
      if (row.storageKey && (await this.deps.media.platformStorageKeyUsers(row.storageKey)) === 0) {
        await this.deps.storage.remove(row.storageKey);
        if (row.thumbKey) await this.deps.storage.remove(row.thumbKey);
        if (row.packageEntry !== null)
          await this.deps.storage.removeTree(row.storageKey.replace(/\.zip$/, '.d'));
      }
    }
  }
}
