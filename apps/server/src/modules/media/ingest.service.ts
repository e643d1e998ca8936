import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  CREATIVES_FOLDER,
  SSP_FOLDER,
  EXTENSION_INFO,
  UPLOAD_MESSAGES,
  contentMatchesExtension,
  extensionOf,
  formatSize,
  isUploadExtension,
  uploadRefusal,
  type FileItem,
  type FolderContents,
  streamMime,
  type RemoteFileInput,
} from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, notFound } from '../../lib/errors.js';
import { BlockedUrlError, safeGet, type SafeFetchOptions } from '../../lib/safe-fetch.js';
import { sanitizeSvg } from '../../lib/svg.js';
import { UnsafeArchiveError, archiveSize, packageEntry, unzipTo } from '../../lib/unzip.js';
import type { MediaServiceDeps, MediaService } from './media.service.js';
import type { NewFile } from './media.repository.js';
import { fontFamilyOf, measureUpload, type BrowserMeasure } from './measure.js';
import { TooLargeError, inspect, receive, type Received } from './receive.js';

export interface UploadInput {
  name: string;
  folderId: number;
  /**
   * The bytes as a stream (a plain upload), or a finished file on local disk that the library may take
   * over, with its fingerprint when that was taken as it was written.
   */
  source: { stream: Readable } | { path: string; received?: Received | undefined };
  /** The resumable upload it finishes, whose quota hold it takes over. */
  tusId?: string;
  /** A folder to make under `folderId` for the file, once the upload passed every check. */
  newFolder?: string;
  browser: BrowserMeasure;
}

type Ingested = FileItem & { duplicate: boolean };

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
 * Files coming into the library: uploads (plain, resumable, imported from a URL, an ad's creative),
 * creatives brought by advertising agents, and remote files played from their URL.
 */
export class IngestService {
  constructor(
    private readonly deps: MediaServiceDeps,
    private readonly library: MediaService,
  ) {}

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
      created.push(this.library.fileItem(row));
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
    return this.fetchAndUpload(caller, input.url, signal ? { signal } : {}, {
      name: input.name ?? nameFromUrl(input.url, 'download'),
      folderId: input.folderId,
    });
  }

  /**
   * An ad's creative, fetched from the supplier into the cabinet's SSP folder (made with its first file)
   * through every check of an upload: extension, size, quota, magic bytes, hash (the same creative again
   * is the file already there), probing. Nobody calls it on a person's behalf: the ad round does.
   */
  async ingestAdCreative(
    cabinetId: CabinetId,
    input: { url: string; name: string; deadlineMs: number },
  ): Promise<Ingested> {
    const caller: Caller = { userId: 0, cabinetId, role: 'owner', login: 'ssp', via: 'session' };
    const folder = (await this.deps.media.childFolders(cabinetId, null)).find((f) => f.name === SSP_FOLDER);
    return this.fetchAndUpload(
      caller,
      input.url,
      { deadlineMs: input.deadlineMs },
      {
        name: input.name,
        ...(folder ? { folderId: folder.id } : { folderId: 0, newFolder: SSP_FOLDER }),
      },
    );
  }

  /** Fetches `url` (refusing blocked addresses) and takes the body through `upload`. */
  private async fetchAndUpload(
    caller: Caller,
    url: string,
    fetchOptions: SafeFetchOptions,
    target: Pick<UploadInput, 'name' | 'folderId' | 'newFolder'>,
  ): Promise<Ingested> {
    let response;
    try {
      response = await safeGet(url, { ...this.deps.fetchPolicy, ...fetchOptions });
    } catch (error) {
      throw new AppError(error instanceof BlockedUrlError ? 'URL_BLOCKED' : 'URL_FETCH_FAILED');
    }
    if (response.statusCode !== 200) {
      response.resume();
      throw new AppError('URL_FETCH_FAILED');
    }
    try {
      return await this.upload(caller, { ...target, source: { stream: response }, browser: {} });
    } catch (error) {
      // The body broke off: cut at the deadline, by the caller leaving, or by the other server.
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
    return id === undefined
      ? { data: [], tags: [], breadcrumbs: [] }
      : this.library.folderContents(caller, id);
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
  async upload(caller: Caller, input: UploadInput, source: 'HOME' | 'STOCK' = 'HOME'): Promise<Ingested> {
    const { media, storage, quota } = this.deps;
    const name = input.name.trim();
    const ext = extensionOf(name);
    if (!isUploadExtension(ext)) {
      throw new AppError('UPLOAD_INVALID', UPLOAD_MESSAGES.invalidExtension(name));
    }
    if (input.folderId !== 0 && !(await media.folder(caller.cabinetId, input.folderId))) throw notFound();
    const { tmp, received } = await this.receive(input, name, ext);
    const cleanup: string[] = [tmp];
    // A resumable upload held its declared length when it began; a plain one holds once its size is known.
    let hold = input.tusId ? await quota.holdOfTus(caller.cabinetId, input.tusId) : undefined;
    try {
      // Empty, or smaller than its format's headers: cut short or broken (spec §5).
      const refusal = uploadRefusal(name, received.size);
      if (refusal) throw new AppError(refusal.code, refusal.message);
      const existing = await media.fileByHash(caller.cabinetId, received.hash);
      if (existing) {
        await media.updateFiles(caller.cabinetId, [existing.id], { usedAt: new Date() });
        return { ...(await this.library.getFile(caller, existing.id)), duplicate: true };
      }
      if (!input.newFolder && (await media.fileNameTaken(caller.cabinetId, toDb(input.folderId), name)))
        throw new AppError('FILE_EXISTS');
      hold ??= await quota.hold(caller.cabinetId, received.size);
      if (!contentMatchesExtension(ext, received.head)) {
        throw new AppError('UPLOAD_INVALID', UPLOAD_MESSAGES.contentMismatch(name));
      }
      const { mime, kind } = EXTENSION_INFO[ext];
      const size = ext === 'svg' ? await sanitizeInPlace(tmp) : received.size;
      const base = `${caller.cabinetId}/${received.hash.slice(0, 2)}/${received.hash}`;
      const thumbPath = `${tmp}.thumb.webp`;
      cleanup.push(thumbPath);
      const { measured, measuredBy, thumb } = await measureUpload(kind, tmp, thumbPath, input.browser);
      const fontFamily = kind === 'font' ? await fontFamilyOf(tmp, name) : null;
      const unpacked =
        ext === 'zip'
          ? await this.unpack(caller.cabinetId, hold, tmp, base, name)
          : { entry: null, unpackedSize: 0 };
      await storage.putFile(`${base}.${ext}`, tmp);
      if (thumb) await storage.putFile(`${base}.thumb.webp`, thumbPath);
      const row = await this.settle(caller.cabinetId, hold, input, {
        name,
        mime,
        kind,
        source,
        size,
        unpackedSize: unpacked.unpackedSize,
        ...measured,
        measuredBy,
        hash: received.hash,
        storageKey: `${base}.${ext}`,
        thumbKey: thumb ? `${base}.thumb.webp` : null,
        packageEntry: unpacked.entry,
        fontFamily,
      });
      hold = undefined;
      return { ...this.library.fileItem(row), duplicate: false };
    } finally {
      if (hold !== undefined) await quota.release(caller.cabinetId, hold);
      await Promise.all(cleanup.map((p) => rm(p, { force: true })));
    }
  }

  /** The upload's bytes in a file on local disk (received there, or the finished one), with size and hash. */
  private async receive(input: UploadInput, name: string, ext: string) {
    const { limits, tmpDir } = this.deps;
    await mkdir(tmpDir, { recursive: true });
    const tmp = 'path' in input.source ? input.source.path : join(tmpDir, `${randomUUID()}.${ext}`);
    try {
      const received =
        'path' in input.source
          ? await inspect(tmp, limits.maxFileSize, input.source.received)
          : await receive(input.source.stream, tmp, limits.maxFileSize);
      return { tmp, received };
    } catch (error) {
      if (error instanceof TooLargeError) {
        throw new AppError(
          'UPLOAD_TOO_LARGE',
          UPLOAD_MESSAGES.tooLarge(name, formatSize(limits.maxFileSize)),
        );
      }
      throw error;
    }
  }

  /**
   * A zip is unpacked beside it (safely: no path escapes, no links, bounded size and entry count), and
   * what it unpacks to counts against the quota: held before a byte of it is written.
   */
  private async unpack(cabinetId: CabinetId, hold: number, tmp: string, base: string, name: string) {
    const { quota, storage } = this.deps;
    try {
      const unpackedSize = (await archiveSize(tmp)).bytes;
      await quota.grow(cabinetId, hold, unpackedSize);
      const entry = packageEntry(
        await unzipTo(tmp, (path, stream) => storage.putStream(`${base}.d/${path}`, stream)),
      );
      return { entry, unpackedSize };
    } catch (error) {
      await storage.removeTree(`${base}.d`);
      if (error instanceof UnsafeArchiveError) {
        throw new AppError('UPLOAD_INVALID', UPLOAD_MESSAGES.unsafeArchive(name));
      }
      throw error;
    }
  }

  /** The row and the end of the hold in one step: the bytes are counted once, never twice or none. */
  private async settle(
    cabinetId: CabinetId,
    hold: number,
    input: UploadInput,
    file: Omit<NewFile, 'cabinetId' | 'folderId'>,
  ) {
    return this.deps.quota.settle(cabinetId, hold, async (repos) => {
      const folderId = input.newFolder
        ? (
            await repos.media.insertFolder({
              cabinetId,
              parentId: toDb(input.folderId),
              name: input.newFolder,
            })
          ).id
        : toDb(input.folderId);
      return repos.media.insertFile({ cabinetId, folderId, ...file });
    });
  }
}

/** An SVG's scripts and outside references removed in place; its new size. */
async function sanitizeInPlace(path: string): Promise<number> {
  const clean = sanitizeSvg(await readFile(path, 'utf8'));
  await writeFile(path, clean);
  return Buffer.byteLength(clean);
}
