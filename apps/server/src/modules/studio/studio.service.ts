import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  STUDIO_MIME,
  documentDuration,
  documentFiles,
  documentFonts,
  type StudioDocument,
  type StudioItem,
} from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Transact } from '../../db/repositories.js';
import type { StudioDocumentRow, StudioKind } from '../../db/schema.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import type { Storage } from '../../lib/storage.js';
import type { MediaRepository } from '../media/media.repository.js';
import type { MediaService } from '../media/media.service.js';
import type { StudioChanges, StudioRepository } from './studio.repository.js';

export interface StudioServiceDeps {
  studio: StudioRepository;
  /** A save and its publishing are one transaction, under the document's row lock. */
  transact: Transact;
  mediaRepo: MediaRepository;
  media: MediaService;
  storage: Storage;
  stockCabinetId: () => Promise<CabinetId | undefined>;
}

interface Input {
  name: string;
  document: StudioDocument;
  thumbnail: string | null;
}
type Patch = { [K in keyof Input]?: Input[K] | undefined };

export const present = (row: StudioDocumentRow): StudioItem => ({
  id: row.id,
  fileId: row.fileId,
  name: row.name,
  document: row.document,
  thumbnail: row.thumbnail,
  revision: row.revision,
  width: row.document.width,
  height: row.document.height,
  duration: documentDuration(row.document),
  fonts: documentFonts(row.document),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** What library files a layer or background of each kind may show. */
const FILE_KINDS: Record<'image' | 'video' | 'background' | 'font', readonly string[]> = {
  image: ['image'],
  video: ['video'],
  background: ['image', 'video'],
  font: ['font'],
};

/**
 * Widgets and creations (spec §3, §7; docs/studio.md): documents core's schema has validated, whose
 * library files must be the cabinet's own (or the stock library's) and of the kind the layer shows; a
 * document naming any other is refused (400) and nothing is stored.
 */
export class StudioService {
  constructor(private readonly deps: StudioServiceDeps) {}

  async list(
    caller: Caller,
    kind: StudioKind,
    query: { page: number; limit: number; search?: string | undefined },
  ): Promise<{ items: StudioItem[]; total: number }> {
    const { rows, total } = await this.deps.studio.list(caller.cabinetId, kind, query);
    return { items: rows.map(present), total };
  }

  async get(caller: Caller, kind: StudioKind, id: number): Promise<StudioItem> {
    const row = await this.deps.studio.get(caller.cabinetId, kind, id);
    if (!row) throw notFound();
    return present(row);
  }

  async create(caller: Caller, kind: StudioKind, input: Input): Promise<StudioItem> {
    await this.checkFiles(caller, input.document);
    const row = await this.deps.transact(async ({ studio }) => {
      const inserted = await studio.insert(caller.cabinetId, kind, {
        name: input.name,
        document: input.document,
        thumbnail: input.thumbnail,
      });
      return this.publish(studio, caller.cabinetId, inserted);
    });
    return present(row);
  }

  async patch(
    caller: Caller,
    kind: StudioKind,
    id: number,
    patch: Patch,
    revision?: number,
  ): Promise<StudioItem> {
    if (!(await this.deps.studio.get(caller.cabinetId, kind, id))) throw notFound();
    if (patch.document) await this.checkFiles(caller, patch.document);
    const changes: StudioChanges = {};
    if (patch.name !== undefined) changes.name = patch.name;
    if (patch.document !== undefined) changes.document = patch.document;
    if (patch.thumbnail !== undefined) changes.thumbnail = patch.thumbnail;
    // Saves of one document take turns under its row lock: each publishes the version it saved, and one
    // over a revision another save moved on is told (409), so the library file is always the last save's.
    const row = await this.deps.transact(async ({ studio }) => {
      const current = await studio.lock(caller.cabinetId, kind, id);
      if (!current) throw notFound();
      if (revision !== undefined && current.revision !== revision) throw new AppError('CONFLICT');
      const updated = await studio.update(caller.cabinetId, kind, id, changes, revision);
      if (!updated) throw new AppError('CONFLICT');
      return this.publish(studio, caller.cabinetId, updated);
    });
    return present(row);
  }

  async remove(caller: Caller, kind: StudioKind, ids: number[]): Promise<{ ok: true }> {
    const { studio } = this.deps;
    const unique = [...new Set(ids)];
    // All or nothing: one id that is not the cabinet's answers 404 and removes none.
    const found = await studio.existing(caller.cabinetId, kind, unique);
    if (found.length !== unique.length) throw notFound();
    // One a playlist plays is kept, as a file would be: none is removed, and the playlists are named.
    const fileRows = await studio.filesOf(caller.cabinetId, kind, unique);
    const using = await this.deps.mediaRepo.platformPlaylistsUsing(
      caller.cabinetId,
      fileRows.map((f) => f.id),
    );
    const used = fileRows.filter((f) => using.has(f.id));
    if (used.length > 0) {
      const names = [...new Set(used.flatMap((f) => using.get(f.id)!.playlists))].join(', ');
      throw new AppError('CONFLICT', `${used.map((f) => f.name).join(', ')}: used by a playlist: ${names}`);
    }
    await studio.remove(caller.cabinetId, kind, unique);
    if (fileRows.length)
      await this.deps.media.removeFiles(
        caller,
        fileRows.map((f) => f.id),
      );
    return { ok: true };
  }

  /**
   * Writes the document's JSON (and its thumbnail) as the content of its library file, making the file
   * when it has none: screens fetch, check and cache it like any file, so it plays offline too. Runs in
   * the save's transaction, under the document's row lock: the previous version's objects are removed
   * before another save of the document may write (and so name) them again.
   */
  private async publish(
    studio: StudioRepository,
    cabinetId: CabinetId,
    row: StudioDocumentRow,
  ): Promise<StudioDocumentRow> {
    const { storage } = this.deps;
    const json = Buffer.from(JSON.stringify(row.document));
    const hash = createHash('sha256').update(json).digest('hex');
    const base = `studio/${cabinetId}/${row.kind}-${row.id}-${hash.slice(0, 16)}`;
    await storage.putStream(`${base}.json`, Readable.from([json]));
    let thumbKey: string | null = null;
    const picture = row.thumbnail ? /^data:image\/(png|jpeg|webp);base64,(.*)$/.exec(row.thumbnail) : null;
    if (picture) {
      const bytes = Buffer.from(picture[2]!, 'base64');
      thumbKey = `${base}-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.${picture[1]}`;
      await storage.putStream(thumbKey, Readable.from([bytes]));
    }
    const values = {
      name: row.name,
      size: json.length,
      width: row.document.width,
      height: row.document.height,
      // A widget plays as long as its playlist says; a creation's pages have their own durations.
      duration: row.kind === 'creation' ? documentDuration(row.document) : null,
      hash,
      storageKey: `${base}.json`,
      thumbKey,
    };
    const previous = row.fileId === null ? undefined : await studio.file(cabinetId, row.fileId);
    if (!previous) {
      const file = await studio.insertFile(cabinetId, { ...values, mime: STUDIO_MIME, kind: row.kind });
      await studio.linkFile(cabinetId, row.id, file.id);
      return { ...row, fileId: file.id };
    }
    await studio.updateFile(cabinetId, previous.id, values);
    for (const key of [previous.storageKey, previous.thumbKey])
      if (key && key !== values.storageKey && key !== values.thumbKey) await storage.remove(key);
    return row;
  }

  /** Every library file the document names is the cabinet's (or stock) and of the kind its layer shows. */
  private async checkFiles(caller: Caller, doc: StudioDocument): Promise<void> {
    const ids = documentFiles(doc);
    if (ids.length === 0) return;
    const stock = await this.deps.stockCabinetId();
    const usable = await this.deps.studio.usableFiles(
      stock ? [caller.cabinetId, stock] : [caller.cabinetId],
      ids,
    );
    const kinds = new Map(usable.map((f) => [f.id, f.kind]));
    doc.fonts?.forEach((font, i) => this.checkOne(kinds, font.fileId, 'font', `document.fonts.${i}.fileId`));
    doc.pages.forEach((page, p) => {
      const { fileId } = page.background;
      if (fileId !== null)
        this.checkOne(kinds, fileId, 'background', `document.pages.${p}.background.fileId`);
      page.layers.forEach((layer, l) => {
        if (layer.kind === 'image' || layer.kind === 'video')
          this.checkOne(kinds, layer.fileId, layer.kind, `document.pages.${p}.layers.${l}.fileId`);
      });
    });
  }

  private checkOne(
    kinds: Map<number, string>,
    fileId: number,
    use: keyof typeof FILE_KINDS,
    field: string,
  ): void {
    const kind = kinds.get(fileId);
    if (kind === undefined) throw fieldError(field, 'No such file in the library');
    if (!FILE_KINDS[use].includes(kind)) throw fieldError(field, 'This file cannot be shown here');
  }
}
