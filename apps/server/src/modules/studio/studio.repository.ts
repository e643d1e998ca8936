import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { StudioDocument } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import {
  files,
  studioDocuments,
  type FileRow,
  type StudioDocumentRow,
  type StudioKind,
} from '../../db/schema.js';
import { containsPattern, anyId } from '../../db/sql.js';

export interface StudioChanges {
  name?: string;
  document?: StudioDocument;
  thumbnail?: string | null;
}

/** All SQL on widgets and creations. Every method takes the cabinet id (and the kind of document). */
export class StudioRepository {
  constructor(private readonly db: Database) {}

  private scope(cabinetId: CabinetId, kind: StudioKind) {
    return and(eq(studioDocuments.cabinetId, cabinetId), eq(studioDocuments.kind, kind));
  }

  async list(
    cabinetId: CabinetId,
    kind: StudioKind,
    query: { page: number; limit: number; search?: string | undefined },
  ): Promise<{ rows: StudioDocumentRow[]; total: number }> {
    const where = and(
      this.scope(cabinetId, kind),
      query.search ? ilike(studioDocuments.name, containsPattern(query.search)) : undefined,
    );
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(studioDocuments)
        .where(where)
        .orderBy(desc(studioDocuments.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.db.select({ total: count() }).from(studioDocuments).where(where),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  async get(cabinetId: CabinetId, kind: StudioKind, id: number): Promise<StudioDocumentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(studioDocuments)
      .where(and(this.scope(cabinetId, kind), eq(studioDocuments.id, id)));
    return row;
  }

  /** The document's row, locked until the transaction ends: saves of one document take turns. */
  async lock(cabinetId: CabinetId, kind: StudioKind, id: number): Promise<StudioDocumentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(studioDocuments)
      .where(and(this.scope(cabinetId, kind), eq(studioDocuments.id, id)))
      .for('update');
    return row;
  }

  async insert(
    cabinetId: CabinetId,
    kind: StudioKind,
    values: Required<StudioChanges>,
  ): Promise<StudioDocumentRow> {
    const [row] = await this.db
      .insert(studioDocuments)
      .values({ cabinetId, kind, ...values })
      .returning();
    return row!;
  }

  /**
   * Saves changes over the revision given (when given): answers the row with its revision counted up, or
   * undefined when there is no such row or it was saved meanwhile.
   */
  async update(
    cabinetId: CabinetId,
    kind: StudioKind,
    id: number,
    changes: StudioChanges,
    revision?: number,
  ): Promise<StudioDocumentRow | undefined> {
    const [row] = await this.db
      .update(studioDocuments)
      .set({
        ...changes,
        revision: sql`${studioDocuments.revision} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          this.scope(cabinetId, kind),
          eq(studioDocuments.id, id),
          revision === undefined ? undefined : eq(studioDocuments.revision, revision),
        ),
      )
      .returning();
    return row;
  }

  async remove(cabinetId: CabinetId, kind: StudioKind, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .delete(studioDocuments)
      .where(and(this.scope(cabinetId, kind), anyId(studioDocuments.id, ids)))
      .returning({ id: studioDocuments.id });
    return rows.map((r) => r.id);
  }

  async existing(cabinetId: CabinetId, kind: StudioKind, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: studioDocuments.id })
      .from(studioDocuments)
      .where(and(this.scope(cabinetId, kind), anyId(studioDocuments.id, ids)));
    return rows.map((r) => r.id);
  }

  /** The library files among `ids` the cabinets may use (their own, and the stock library), with their kind. */
  async usableFiles(
    cabinetIds: CabinetId[],
    ids: number[],
  ): Promise<{ id: number; kind: string; name: string }[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: files.id, kind: files.kind, name: files.name })
      .from(files)
      .where(and(inArray(files.cabinetId, cabinetIds), anyId(files.id, ids)));
  }

  // ---- the library file of a document ----
  /** The stored form of a document as its library file has it. */
  async insertFile(
    cabinetId: CabinetId,
    values: Pick<
      FileRow,
      'name' | 'mime' | 'kind' | 'size' | 'width' | 'height' | 'duration' | 'hash' | 'storageKey' | 'thumbKey'
    >,
  ): Promise<FileRow> {
    const [row] = await this.db
      .insert(files)
      .values({ cabinetId, folderId: null, source: 'HOME', measuredBy: 'server', ...values })
      .returning();
    return row!;
  }

  async updateFile(
    cabinetId: CabinetId,
    fileId: number,
    values: Pick<
      FileRow,
      'name' | 'size' | 'width' | 'height' | 'duration' | 'hash' | 'storageKey' | 'thumbKey'
    >,
  ): Promise<FileRow | undefined> {
    const [row] = await this.db
      .update(files)
      .set(values)
      .where(and(eq(files.cabinetId, cabinetId), eq(files.id, fileId)))
      .returning();
    return row;
  }

  async file(cabinetId: CabinetId, fileId: number): Promise<FileRow | undefined> {
    const [row] = await this.db
      .select()
      .from(files)
      .where(and(eq(files.cabinetId, cabinetId), eq(files.id, fileId)));
    return row;
  }

  async linkFile(cabinetId: CabinetId, id: number, fileId: number): Promise<void> {
    await this.db
      .update(studioDocuments)
      .set({ fileId })
      .where(and(eq(studioDocuments.cabinetId, cabinetId), eq(studioDocuments.id, id)));
  }

  /** The documents behind library files (for the player's manifest), by file id. */
  async documentsOfFiles(cabinetId: CabinetId, fileIds: number[]): Promise<Map<number, StudioDocument>> {
    if (fileIds.length === 0) return new Map();
    const rows = await this.db
      .select({ fileId: studioDocuments.fileId, document: studioDocuments.document })
      .from(studioDocuments)
      .where(and(eq(studioDocuments.cabinetId, cabinetId), anyId(studioDocuments.fileId, fileIds)));
    return new Map(rows.map((r) => [r.fileId!, r.document]));
  }

  /** The rows among `ids` that hold the library files given (to remove them with the documents). */
  async filesOf(cabinetId: CabinetId, kind: StudioKind, ids: number[]): Promise<FileRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ file: files })
      .from(studioDocuments)
      .innerJoin(files, eq(files.id, studioDocuments.fileId))
      .where(and(this.scope(cabinetId, kind), anyId(studioDocuments.id, ids)))
      .then((rows) => rows.map((r) => r.file));
  }
}
