import {
  documentDuration,
  documentFiles,
  documentFonts,
  type StudioDocument,
  type StudioItem,
} from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { StudioDocumentRow, StudioKind } from '../../db/schema.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import type { StudioChanges, StudioRepository } from './studio.repository.js';

export interface StudioServiceDeps {
  studio: StudioRepository;
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
const FILE_KINDS: Record<'image' | 'video' | 'background', readonly string[]> = {
  image: ['image'],
  video: ['video'],
  background: ['image', 'video'],
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
    const row = await this.deps.studio.insert(caller.cabinetId, kind, {
      name: input.name,
      document: input.document,
      thumbnail: input.thumbnail,
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
    const { studio } = this.deps;
    const current = await studio.get(caller.cabinetId, kind, id);
    if (!current) throw notFound();
    if (patch.document) await this.checkFiles(caller, patch.document);
    const changes: StudioChanges = {};
    if (patch.name !== undefined) changes.name = patch.name;
    if (patch.document !== undefined) changes.document = patch.document;
    if (patch.thumbnail !== undefined) changes.thumbnail = patch.thumbnail;
    const row = await studio.update(caller.cabinetId, kind, id, changes, revision);
    if (!row) throw new AppError('CONFLICT');
    return present(row);
  }

  async remove(caller: Caller, kind: StudioKind, ids: number[]): Promise<{ ok: true }> {
    const { studio } = this.deps;
    const unique = [...new Set(ids)];
    // All or nothing: one id that is not the cabinet's answers 404 and removes none.
    const found = await studio.existing(caller.cabinetId, kind, unique);
    if (found.length !== unique.length) throw notFound();
    await studio.remove(caller.cabinetId, kind, unique);
    return { ok: true };
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
