/**
 * The screen's media, kept in IndexedDB so that the schedule plays without the network: every file the
 * manifest names is fetched once, checked against its sha256 (where the page may hash: a secure context)
 * or at least its size, and played from a blob address afterwards. IndexedDB, not Cache Storage: kiosks
 * often open the player over plain http on a LAN, where Cache Storage does not exist.
 *
 * Pages (HTML packages) load their assets by relative address and play from the server; live streams play
 * from their own address, always; remote files without a hash that refuse cross-origin reads play from
 * their own address.
 */
import { PLUGIN_ONLINE_MIME, type ManifestFile } from '@vitrine/core';

export const MEDIA_DB_NAME = 'vitrine-media';
const STORE = 'files';

interface Stored {
  fileId: number;
  /** The content's sha256 when the server knows it, else the address it came from. */
  identity: string;
  blob: Blob;
  storedAt: number;
}

export interface CacheLog {
  info(message: string): void;
  warn(message: string): void;
}

const identityOf = (file: ManifestFile): string => file.hash ?? `url:${file.url.split('?')[0]}`;
/**
 * Pages load their assets from the server by relative address, and a live stream never ends: neither is
 * kept; nor is a plugin that needs the network anyway (docs/studio.md, "Plugins").
 */
export const cacheable = (file: Pick<ManifestFile, 'kind'> & { mime?: string }): boolean =>
  !['html', 'archive', 'text', 'stream'].includes(file.kind) && file.mime !== PLUGIN_ONLINE_MIME;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

export async function sha256Hex(blob: Blob): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = await subtle.digest('SHA-256', await blob.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export class MediaCache {
  /** fileId -> identity of what is stored. */
  private readonly stored = new Map<number, string>();
  private readonly urls = new Map<number, { identity: string; url: string }>();
  private syncing: Promise<void> | null = null;
  private wanted: ManifestFile[] = [];

  private constructor(
    private readonly db: IDBDatabase | null,
    private readonly log: CacheLog,
    private readonly doFetch: typeof fetch,
  ) {}

  /** Opens the store; without IndexedDB the cache keeps nothing and files play from the network. */
  static async open(
    log: CacheLog,
    factory: IDBFactory | null = globalThis.indexedDB ?? null,
    doFetch: typeof fetch = (input, init) => fetch(input, init),
  ): Promise<MediaCache> {
    let db: IDBDatabase | null = null;
    if (factory) {
      try {
        const open = factory.open(MEDIA_DB_NAME, 1);
        open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'fileId' });
        db = await request(open);
      } catch (error) {
        log.warn(`Media cache unavailable, playing from the network: ${String(error)}`);
      }
    }
    const cache = new MediaCache(db, log, doFetch);
    if (db) {
      const all = (await request(db.transaction(STORE).objectStore(STORE).getAll())) as Stored[];
      for (const s of all) cache.stored.set(s.fileId, s.identity);
    }
    return cache;
  }

  /** Whether a file is stored as the manifest names it. */
  has(file: ManifestFile): boolean {
    return this.stored.get(file.fileId) === identityOf(file);
  }

  get size(): number {
    return this.stored.size;
  }

  /**
   * Brings the store in line with the manifest: fetches what is missing (two at a time), then forgets files
   * no longer named. A call while one runs makes that one look again at the newest list when it ends.
   */
  sync(files: ManifestFile[]): Promise<void> {
    this.wanted = files;
    if (this.syncing) return this.syncing.then(() => this.sync(this.wanted));
    this.syncing = this.run(files).finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  /** The address to play a file from: its stored copy, else the server's. */
  async source(file: ManifestFile): Promise<string> {
    const identity = identityOf(file);
    const known = this.urls.get(file.fileId);
    if (known?.identity === identity) return known.url;
    if (!this.db || this.stored.get(file.fileId) !== identity) return file.url;
    const row = (await request(this.db.transaction(STORE).objectStore(STORE).get(file.fileId))) as
      Stored | undefined;
    if (!row || row.identity !== identity) return file.url;
    if (known) URL.revokeObjectURL(known.url);
    const url = URL.createObjectURL(row.blob);
    this.urls.set(file.fileId, { identity, url });
    return url;
  }

  async clear(): Promise<void> {
    for (const { url } of this.urls.values()) URL.revokeObjectURL(url);
    this.urls.clear();
    this.stored.clear();
    if (this.db) await request(this.db.transaction(STORE, 'readwrite').objectStore(STORE).clear());
  }

  private async run(files: ManifestFile[]): Promise<void> {
    if (!this.db) return;
    const missing = files.filter((f) => cacheable(f) && !this.has(f));
    let fetched = 0;
    const queue = [...missing];
    const worker = async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        if (await this.fetchOne(file)) fetched++;
      }
    };
    await Promise.all([worker(), worker()]);
    const keep = new Set(files.map((f) => f.fileId));
    const gone = [...this.stored.keys()].filter((id) => !keep.has(id));
    if (gone.length) {
      const store = this.db.transaction(STORE, 'readwrite').objectStore(STORE);
      await Promise.all(gone.map((id) => request(store.delete(id))));
      for (const id of gone) {
        this.stored.delete(id);
        const url = this.urls.get(id);
        if (url) URL.revokeObjectURL(url.url);
        this.urls.delete(id);
      }
    }
    if (missing.length || gone.length) {
      this.log.info(`Media cache: ${fetched} of ${missing.length} file(s) stored, ${gone.length} forgotten`);
    }
  }

  private async fetchOne(file: ManifestFile): Promise<boolean> {
    try {
      const response = await this.doFetch(file.url, { credentials: 'omit', cache: 'no-store' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const blob = await response.blob();
      if (file.size !== null && file.hash !== null && blob.size !== file.size) {
        throw new Error(`${blob.size} bytes arrived, ${file.size} expected`);
      }
      if (file.hash) {
        const hash = await sha256Hex(blob);
        if (hash !== null && hash !== file.hash) throw new Error('the content does not match its hash');
      }
      const row: Stored = { fileId: file.fileId, identity: identityOf(file), blob, storedAt: Date.now() };
      await request(this.db!.transaction(STORE, 'readwrite').objectStore(STORE).put(row));
      this.stored.set(file.fileId, row.identity);
      return true;
    } catch (error) {
      this.log.warn(`Could not keep ${file.name} (file ${file.fileId}) for offline play: ${String(error)}`);
      return false;
    }
  }
}
