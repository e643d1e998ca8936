import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { anyId } from '../../db/sql.js';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import {
  fileConfigs,
  fileSchedules,
  playlistItems,
  playlists,
  points,
  type FileConfigRow,
  type FileScheduleRow,
} from '../../db/schema.js';

export type NewFileSchedule = Omit<typeof fileSchedules.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type NewFileConfig = Omit<typeof fileConfigs.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
/** A rule with the names of the screen and playlist it is scoped to. */
export type Named<T> = T & { pointName: string | null; playlistName: string | null };

/** The scope key (unique, nulls not distinct): one rule per file, screen (or none) and playlist (or none). */
const scopeTarget = (table: typeof fileSchedules | typeof fileConfigs) => [
  table.fileId,
  table.pointId,
  table.playlistId,
];

/** All SQL on a file's own schedules and configurations. Every method takes the cabinet id. */
export class FileRulesRepository {
  constructor(private readonly db: Database) {}

  async schedulesOf(cabinetId: CabinetId, fileIds: number[]): Promise<Named<FileScheduleRow>[]> {
    if (fileIds.length === 0) return [];
    return this.db
      .select({
        ...getTableColumns(fileSchedules),
        pointName: points.name,
        playlistName: playlists.name,
      })
      .from(fileSchedules)
      .leftJoin(points, eq(points.id, fileSchedules.pointId))
      .leftJoin(playlists, eq(playlists.id, fileSchedules.playlistId))
      .where(and(eq(fileSchedules.cabinetId, cabinetId), anyId(fileSchedules.fileId, fileIds)))
      .orderBy(fileSchedules.id);
  }

  async configsOf(cabinetId: CabinetId, fileIds: number[]): Promise<Named<FileConfigRow>[]> {
    if (fileIds.length === 0) return [];
    return this.db
      .select({
        ...getTableColumns(fileConfigs),
        pointName: points.name,
        playlistName: playlists.name,
      })
      .from(fileConfigs)
      .leftJoin(points, eq(points.id, fileConfigs.pointId))
      .leftJoin(playlists, eq(playlists.id, fileConfigs.playlistId))
      .where(and(eq(fileConfigs.cabinetId, cabinetId), anyId(fileConfigs.fileId, fileIds)))
      .orderBy(fileConfigs.id);
  }

  /** Stores the schedule of its scope, replacing one there. */
  async putSchedule(values: NewFileSchedule): Promise<FileScheduleRow> {
    const [row] = await this.db
      .insert(fileSchedules)
      .values(values)
      .onConflictDoUpdate({
        target: scopeTarget(fileSchedules),
        set: {
          fromDate: values.fromDate ?? null,
          toDate: values.toDate ?? null,
          weekDays: values.weekDays,
          fromTime: values.fromTime ?? null,
          toTime: values.toTime ?? null,
          updatedAt: sql`now()`,
        },
      })
      .returning();
    return row!;
  }

  /** Stores the configuration of its scope, replacing one there. */
  async putConfig(values: NewFileConfig): Promise<FileConfigRow> {
    const [row] = await this.db
      .insert(fileConfigs)
      .values(values)
      .onConflictDoUpdate({
        target: scopeTarget(fileConfigs),
        set: {
          duration: values.duration ?? null,
          volume: values.volume ?? null,
          fit: values.fit ?? null,
          muted: values.muted ?? null,
          updatedAt: sql`now()`,
        },
      })
      .returning();
    return row!;
  }

  async removeSchedule(cabinetId: CabinetId, id: number): Promise<FileScheduleRow | undefined> {
    const [row] = await this.db
      .delete(fileSchedules)
      .where(and(eq(fileSchedules.cabinetId, cabinetId), eq(fileSchedules.id, id)))
      .returning();
    return row;
  }

  /** The cabinet's playlists that play the file (as content or secondary content), with their influence. */
  async playlistsPlaying(cabinetId: CabinetId, fileId: number): Promise<{ id: number; influence: string }[]> {
    const asContent = this.db
      .selectDistinct({ id: playlists.id, influence: playlists.influence })
      .from(playlistItems)
      .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
      .where(and(eq(playlists.cabinetId, cabinetId), eq(playlistItems.fileId, fileId)));
    const asSecondary = this.db
      .select({ id: playlists.id, influence: playlists.influence })
      .from(playlists)
      .where(and(eq(playlists.cabinetId, cabinetId), eq(playlists.secondaryFileId, fileId)));
    const rows = [...(await asContent), ...(await asSecondary)];
    return [...new Map(rows.map((r) => [r.id, r])).values()];
  }

  async removeConfig(cabinetId: CabinetId, id: number): Promise<FileConfigRow | undefined> {
    const [row] = await this.db
      .delete(fileConfigs)
      .where(and(eq(fileConfigs.cabinetId, cabinetId), eq(fileConfigs.id, id)))
      .returning();
    return row;
  }
}
