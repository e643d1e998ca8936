import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  CREATIVES_FOLDER,
  SSP_FOLDER,
  EXTENSION_INFO,
  PLAYLIST_MESSAGES,
  UPLOAD_MESSAGES,
  contentMatchesExtension,
  extensionOf,
  formatSize,
  isUploadExtension,
  uploadRefusal,
  type FileItem,
  type FolderContents,
  type FolderItem,
  type GalleryItem,
  type KeptFile,
  type RemoveResult,
  type MediaKind,
  streamMime,
  type FileList,
  type FileListQuery,
  type RemoteFileInput,
} from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { FileRow, FolderRow } from '../../db/schema.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, notFound } from '../../lib/errors.js';
import {
  hasFfmpeg,
  imageThumbnail,
  measureImage,
  measureMedia,
  videoPoster,
  type Measured,
} from '../../lib/probe.js';
import type { UrlSigner } from '../../lib/signer.js';
import type { Storage } from '../../lib/storage.js';
import { BlockedUrlError, safeGet, type SafeFetchOptions } from '../../lib/safe-fetch.js';
import { FontError, clean as cleanFamily, readFontInfo } from '../../lib/font-name.js';
import { sanitizeSvg } from '../../lib/svg.js';
import { UnsafeArchiveError, archiveSize, packageEntry, safeEntryPath, unzipTo } from '../../lib/unzip.js';
import type { Transact } from '../../db/repositories.js';
import type { MediaRepository } from './media.repository.js';
import type { Quota } from './quota.js';
import { TooLargeError, inspect, receive } from './receive.js';

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

/** What the browser measured, used only when the server cannot (no ffmpeg here). */
export interface BrowserMeasure {
  width?: number;
  height?: number;
  duration?: number;
}

export interface UploadInput {
  name: string;
  folderId: number;
  /** The bytes as a stream (a plain upload), or a finished file on local disk that the library may take over. */
  source: { stream: Readable } | { path: string };
  /** The resumable upload it finishes, whose quota hold it takes over. */
  tusId?: string;
  /** A folder to make under `folderId` for the file, once the upload passed every check. */
  newFolder?: string;
  browser: BrowserMeasure;
}

const root = (id: number | null) => id ?? 0;

function removeResult(kept: KeptFile[]): RemoveResult {
  return kept.length
    ? { ok: true, kept, message: `${PLAYLIST_MESSAGES.fileInUse}: ${kept.map((k) => k.name).join(', ')}` }
    : { ok: true, kept };
}

const ASSET_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript',
  mjs: 'text/javascript',
  css: 'text/css',
  json: 'application/json',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  txt: 'text/plain; charset=utf-8',
};
const mimeOfAsset = (path: string) => ASSET_TYPES[extensionOf(path)] ?? 'application/octet-stream';
const toDb = (path: number) => (path === 0 ? null : path);
/**
 * A file name from a URL's last segment: decoded when it decodes, without control characters, at most
 * 100 characters (a name's limit); `fallback` when nothing is left.
 */
export function nameFromUrl(url: string, fallback: string): string {
  const segment = new URL(url).pathname.split('/').pop() ?? '';
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // a segment that does not decode is taken as it is
  }
  const clean = [...decoded]
    .filter((c) => !/[\p{Cc}\p{Cs}]/u.test(c))
    .join('')
    .trim();
  return clean.slice(Math.max(0, clean.length - 100)) || fallback;
}

/**
 * An uploaded font's family, read from its name table; a font that names none takes its file's name. A
 * file whose tables cannot be read is not the font its extension says.
 */
async function fontFamilyOf(path: string, name: string): Promise<string> {
  try {
    const { family } = readFontInfo(await readFile(path));
    return family ?? (cleanFamily(name.replace(/\.[^.]+$/, '')) || name);
  } catch (error) {
    if (error instanceof FontError)
      throw new AppError('UPLOAD_INVALID', UPLOAD_MESSAGES.contentMismatch(name));
    throw error;
  }
}

/** The gallery: folders, files, uploads and their processing, favorites, recent, search and moves. */
export class MediaService {
  constructor(private readonly deps: MediaServiceDeps) {}

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
    const using = await this.deps.media.playlistsUsing(
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

  /**
   * Remote files: played from their URL, with the dimensions and duration the operator gives. A live
   * stream (kind 'stream') has no length of its own and plays from the network only.
   */
  async createRemote(caller: Caller, folderId: number, inputs: RemoteFileInput[]): Promise<FileItem[]> {
    const { media } = this.deps;
    if (folderId !== 0 && !(await media.folder(caller.cabinetId, folderId))) throw notFound();
    const created: FileItem[] = [];
    for (const input of inputs) {
      const name = input.name ?? nameFromUrl(input.url, 'remote');
      const ext = extensionOf(name);
      const info = input.live
        ? { mime: streamMime(input.url), kind: 'stream' as const }
        : isUploadExtension(ext)
          ? EXTENSION_INFO[ext]
          : { mime: 'video/mp4', kind: 'video' as const };
      const row = await media.insertFile({
        cabinetId: caller.cabinetId,
        folderId: toDb(folderId),
        name,
        mime: info.mime,
        kind: info.kind,
        source: 'REMOTE',
        size: 0,
        width: input.width,
        height: input.height,
        duration: input.live ? null : input.duration,
        measuredBy: 'user',
        remoteUrl: input.url,
      });
      created.push(this.fileItem(row));
    }
    return created;
  }

  /**
   * Fetches a file from the web into the library, through the same ingest as an upload. The fetch refuses
   * loopback, private and link-local addresses, redirects included (lib/safe-fetch.ts).
   */
  async importFromUrl(
    caller: Caller,
    input: { url: string; folderId: number; name?: string },
    signal?: AbortSignal,
  ) {
    if (input.folderId !== 0 && !(await this.deps.media.folder(caller.cabinetId, input.folderId)))
      throw notFound();
    let response;
    try {
      response = await safeGet(input.url, { ...this.deps.fetchPolicy, ...(signal ? { signal } : {}) });
    } catch (error) {
      throw new AppError(error instanceof BlockedUrlError ? 'URL_BLOCKED' : 'URL_FETCH_FAILED');
    }
    if (response.statusCode !== 200) {
      response.resume();
      throw new AppError('URL_FETCH_FAILED');
    }
    const name = input.name ?? nameFromUrl(input.url, 'download');
    try {
      return await this.upload(caller, {
        name,
        folderId: input.folderId,
        source: { stream: response },
        browser: {},
      });
    } catch (error) {
      // The body broke off: cut at the deadline, by the caller leaving, or by the other server.
      if (error instanceof AppError) throw error;
      response.destroy();
      throw new AppError('URL_FETCH_FAILED');
    }
  }

  /**
   * An ad's creative, fetched from the supplier into the cabinet's SSP folder (made with its first file)
   * through every check of an upload: extension, size, quota, magic bytes, hash (the same creative again
   * is the file already there), probing. Nobody calls it on a person's behalf: the ad round does.
   */
  async ingestAdCreative(
    cabinetId: CabinetId,
    input: { url: string; name: string; deadlineMs: number },
  ): Promise<FileItem & { duplicate: boolean }> {
    const caller: Caller = { userId: 0, cabinetId, role: 'owner', login: 'ssp', via: 'session' };
    const folder = (await this.deps.media.childFolders(cabinetId, null)).find((f) => f.name === SSP_FOLDER);
    let response;
    try {
      response = await safeGet(input.url, { ...this.deps.fetchPolicy, deadlineMs: input.deadlineMs });
    } catch (error) {
      throw new AppError(error instanceof BlockedUrlError ? 'URL_BLOCKED' : 'URL_FETCH_FAILED');
    }
    if (response.statusCode !== 200) {
      response.resume();
      throw new AppError('URL_FETCH_FAILED');
    }
    try {
      return await this.upload(caller, {
        name: input.name,
        ...(folder ? { folderId: folder.id } : { folderId: 0, newFolder: SSP_FOLDER }),
        source: { stream: response },
        browser: {},
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      response.destroy();
      throw new AppError('URL_FETCH_FAILED');
    }
  }

  // ---- creatives ----
  /**
   * The cabinet's creatives folder, if made: where advertising agents, who may edit playlists but not open
   * the gallery, bring the files their playlists show. It is made with its first creative.
   */
  private async creativesFolder(cabinetId: CabinetId): Promise<number | undefined> {
    const folders = await this.deps.media.childFolders(cabinetId, null);
    return folders.find((f) => f.name === CREATIVES_FOLDER)?.id;
  }

  async creatives(caller: Caller): Promise<FolderContents> {
    const id = await this.creativesFolder(caller.cabinetId);
    return id === undefined ? { data: [], tags: [], breadcrumbs: [] } : this.folderContents(caller, id);
  }

  /**
   * A creative the library already holds (perhaps in a folder the uploader cannot open) is not stored
   * twice: the answer is that file, said plainly, so the picker shows and selects it.
   */
  async uploadCreative(caller: Caller, input: Omit<UploadInput, 'folderId'>) {
    const id = await this.creativesFolder(caller.cabinetId);
    const file = await this.upload(
      caller,
      id === undefined ? { ...input, folderId: 0, newFolder: CREATIVES_FOLDER } : { ...input, folderId: id },
    );
    return file.duplicate ? { ...file, message: UPLOAD_MESSAGES.alreadyUploaded } : file;
  }

  // ---- uploads ----
  /**
   * An upload's folder and name judged before any byte is sent (a resumable upload is told at its creation,
   * not after its last chunk): a folder not the cabinet's is 404, a name taken in it 'File already exist'.
   * A name taken by a file of the same size may be the same file sent again: that upload goes on, and its
   * content decides at the end ('File already uploaded. Used exist', or the name taken).
   */
  async checkUploadTarget(caller: Caller, name: string, folderId: number, size?: number): Promise<void> {
    const { media } = this.deps;
    if (folderId !== 0 && !(await media.folder(caller.cabinetId, folderId))) throw notFound();
    const taken = await media.namedFileSize(caller.cabinetId, toDb(folderId), name.trim());
    if (taken !== undefined && taken !== size) throw new AppError('FILE_EXISTS');
  }

  /**
   * Takes one upload through every rule: extension, size, the same content already in the library
   * ('File already uploaded. Used exist'), the same name in the folder ('File already exist'), the
   * cabinet's quota, content that must match its extension; then measures it, makes its thumbnail and
   * stores it once per content hash.
   */
  async upload(
    caller: Caller,
    input: UploadInput,
    source: 'HOME' | 'STOCK' = 'HOME',
  ): Promise<FileItem & { duplicate: boolean }> {
    const { media, storage, limits } = this.deps;
    const name = input.name.trim();
    const ext = extensionOf(name);
    if (!isUploadExtension(ext)) {
      throw new AppError('UPLOAD_INVALID', UPLOAD_MESSAGES.invalidExtension(name));
    }
    if (input.folderId !== 0 && !(await media.folder(caller.cabinetId, input.folderId))) throw notFound();

    await mkdir(this.deps.tmpDir, { recursive: true });
    const tmp = 'path' in input.source ? input.source.path : join(this.deps.tmpDir, `${randomUUID()}.${ext}`);
    let received;
    try {
      received =
        'path' in input.source
          ? await inspect(tmp, limits.maxFileSize)
          : await receive(input.source.stream, tmp, limits.maxFileSize);
    } catch (error) {
      if (error instanceof TooLargeError) {
        throw new AppError(
          'UPLOAD_TOO_LARGE',
          UPLOAD_MESSAGES.tooLarge(name, formatSize(limits.maxFileSize)),
        );
      }
      throw error;
    }
    const cleanup: string[] = [tmp];
    const { quota } = this.deps;
    // A resumable upload held its declared length when it began; a plain one holds once its size is known.
    let hold = input.tusId ? await quota.holdOfTus(caller.cabinetId, input.tusId) : undefined;
    try {
      // Empty, or smaller than its format's headers: cut short or broken (spec §5).
      const refusal = uploadRefusal(name, received.size);
      if (refusal) throw new AppError(refusal.code, refusal.message);
      const existing = await media.fileByHash(caller.cabinetId, received.hash);
      if (existing) {
        await media.updateFiles(caller.cabinetId, [existing.id], { usedAt: new Date() });
        return { ...(await this.getFile(caller, existing.id)), duplicate: true };
      }
      if (!input.newFolder && (await media.fileNameTaken(caller.cabinetId, toDb(input.folderId), name)))
        throw new AppError('FILE_EXISTS');
      hold ??= await quota.hold(caller.cabinetId, received.size);
      if (!contentMatchesExtension(ext, received.head)) {
        throw new AppError('UPLOAD_INVALID', UPLOAD_MESSAGES.contentMismatch(name));
      }
      const { mime, kind } = EXTENSION_INFO[ext];
      let size = received.size;
      if (ext === 'svg') {
        const clean = sanitizeSvg(await readFile(tmp, 'utf8'));
        await writeFile(tmp, clean);
        size = Buffer.byteLength(clean);
      }
      const base = `${caller.cabinetId}/${received.hash.slice(0, 2)}/${received.hash}`;
      const thumbPath = `${tmp}.thumb.webp`;
      cleanup.push(thumbPath);
      const { measured, measuredBy, thumb } = await this.process(kind, tmp, thumbPath, input.browser);
      const fontFamily = kind === 'font' ? await fontFamilyOf(tmp, name) : null;
      // A zip is unpacked beside it (safely: no path escapes, no links, bounded size and entry count), and
      // what it unpacks to counts against the quota: held before a byte of it is written.
      let entry: string | null = null;
      let unpackedSize = 0;
      if (ext === 'zip') {
        try {
          unpackedSize = (await archiveSize(tmp)).bytes;
          await quota.grow(caller.cabinetId, hold, unpackedSize);
          entry = packageEntry(
            await unzipTo(tmp, (path, stream) => storage.putStream(`${base}.d/${path}`, stream)),
          );
        } catch (error) {
          await storage.removeTree(`${base}.d`);
          if (error instanceof UnsafeArchiveError) {
            throw new AppError('UPLOAD_INVALID', UPLOAD_MESSAGES.unsafeArchive(name));
          }
          throw error;
        }
      }
      await storage.putFile(`${base}.${ext}`, tmp);
      if (thumb) await storage.putFile(`${base}.thumb.webp`, thumbPath);
      // The row and the end of the hold in one step: the bytes are counted once, never twice or none.
      const row = await quota.settle(caller.cabinetId, hold, async (repos) => {
        const folderId = input.newFolder
          ? (
              await repos.media.insertFolder({
                cabinetId: caller.cabinetId,
                parentId: toDb(input.folderId),
                name: input.newFolder,
              })
            ).id
          : toDb(input.folderId);
        const inserted = await repos.media.insertFile({
          cabinetId: caller.cabinetId,
          folderId,
          name,
          mime,
          kind,
          source,
          size,
          unpackedSize,
          ...measured,
          measuredBy,
          hash: received.hash,
          storageKey: `${base}.${ext}`,
          thumbKey: thumb ? `${base}.thumb.webp` : null,
          packageEntry: entry,
          fontFamily,
        });
        return inserted;
      });
      hold = undefined;
      return { ...this.fileItem(row), duplicate: false };
    } finally {
      if (hold !== undefined) await quota.release(caller.cabinetId, hold);
      await Promise.all(cleanup.map((p) => rm(p, { force: true })));
    }
  }

  private async process(
    kind: MediaKind,
    path: string,
    thumbPath: string,
    browser: BrowserMeasure,
  ): Promise<{ measured: Measured; measuredBy: FileRow['measuredBy']; thumb: boolean }> {
    const none: Measured = { width: null, height: null, duration: null };
    if (kind === 'image') {
      try {
        const measured = await measureImage(path);
        await imageThumbnail(path, thumbPath);
        return { measured, measuredBy: 'server', thumb: true };
      } catch {
        throw new AppError('UPLOAD_INVALID', UPLOAD_MESSAGES.failed);
      }
    }
    if (kind === 'video' || kind === 'audio') {
      if (await hasFfmpeg()) {
        let measured: Measured;
        try {
          measured = await measureMedia(path);
        } catch {
          throw new AppError('UPLOAD_INVALID', UPLOAD_MESSAGES.failed);
        }
        let thumb = false;
        if (kind === 'video' && measured.width) {
          thumb = await videoPoster(path, thumbPath, measured.duration).then(
            () => true,
            () => false,
          );
        }
        return { measured, measuredBy: 'server', thumb };
      }
      return {
        measured: {
          width: browser.width ?? null,
          height: browser.height ?? null,
          duration: browser.duration ?? null,
        },
        measuredBy: browser.duration !== undefined ? 'browser' : null,
        thumb: false,
      };
    }
    return { measured: none, measuredBy: null, thumb: false };
  }

  // ---- bytes ----
  /** One file of an unpacked package behind its signed address, or 404. */
  async packageObject(fileId: number, exp: number, sig: string, path: string) {
    if (!this.deps.signer.verify(fileId, 'package', exp, sig)) throw notFound();
    const row = await this.deps.media.platformFileById(fileId);
    const inner = safeEntryPath(path);
    if (!row?.storageKey || row.packageEntry === null || !inner) throw notFound();
    const key = `${row.storageKey.replace(/\.zip$/, '.d')}/${inner}`;
    const size = await this.deps.storage.size(key);
    if (size === null) throw notFound();
    return { size, mime: mimeOfAsset(inner), read: () => this.deps.storage.read(key) };
  }

  /** The stored object behind a signed address, or 404. */
  async storedObject(fileId: number, variant: 'content' | 'thumb', exp: number, sig: string) {
    if (!this.deps.signer.verify(fileId, variant, exp, sig)) throw notFound();
    const row = await this.deps.media.platformFileById(fileId);
    const key = variant === 'content' ? row?.storageKey : row?.thumbKey;
    if (!row || !key) throw notFound();
    const size = await this.deps.storage.size(key);
    if (size === null) throw notFound();
    return {
      key,
      size,
      mime: variant === 'content' ? row.mime : 'image/webp',
      read: (range?: { start: number; end: number }) => this.deps.storage.read(key, range),
    };
  }
}
