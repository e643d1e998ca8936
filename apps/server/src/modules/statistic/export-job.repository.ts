import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { ExportFormat, ExportKind, ExportStatus } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { exportJobs, type ExportJobRow } from '../../db/schema.js';
import { anyId } from '../../db/sql.js';

/** All SQL on statistics export jobs (the spool): queued, run by the worker, downloaded, expired. */
export class ExportJobRepository {
  constructor(private readonly db: Database) {}

  async insertJob(values: {
    cabinetId: CabinetId;
    userId: number;
    kind: ExportKind;
    format: ExportFormat;
    params: Record<string, unknown>;
    name: string;
  }): Promise<ExportJobRow> {
    const [row] = await this.db.insert(exportJobs).values(values).returning();
    return row!;
  }

  async jobs(cabinetId: CabinetId, limit = 100): Promise<ExportJobRow[]> {
    return this.db
      .select()
      .from(exportJobs)
      .where(eq(exportJobs.cabinetId, cabinetId))
      .orderBy(desc(exportJobs.id))
      .limit(limit);
  }

  /** A job by id alone: the worker's and the signed download's lookup (the id came from a signed URL or the queue). */
  async platformJobById(id: number): Promise<ExportJobRow | null> {
    const [row] = await this.db.select().from(exportJobs).where(eq(exportJobs.id, id));
    return row ?? null;
  }

  async jobInCabinet(cabinetId: CabinetId, id: number): Promise<ExportJobRow | null> {
    const [row] = await this.db
      .select()
      .from(exportJobs)
      .where(and(eq(exportJobs.cabinetId, cabinetId), eq(exportJobs.id, id)));
    return row ?? null;
  }

  async platformUpdateJob(
    id: number,
    values: Partial<{
      status: ExportStatus;
      progress: number;
      storageKey: string | null;
      size: number | null;
      error: string | null;
      finishedAt: Date | null;
    }>,
  ): Promise<void> {
    await this.db.update(exportJobs).set(values).where(eq(exportJobs.id, id));
  }

  /** Jobs finished (done or failed) before `before`, oldest first. */
  async platformFinishedJobsBefore(before: Date, limit: number): Promise<ExportJobRow[]> {
    return this.db
      .select()
      .from(exportJobs)
      .where(and(sql`${exportJobs.status} in ('done', 'failed')`, lt(exportJobs.finishedAt, before)))
      .orderBy(exportJobs.finishedAt)
      .limit(limit);
  }

  async platformDeleteJobs(ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const gone = await this.db
      .delete(exportJobs)
      .where(anyId(exportJobs.id, [...ids]))
      .returning({ id: exportJobs.id });
    return gone.length;
  }

  /** Jobs left queued or running by a process that stopped (the in-process fallback only). */
  async platformFailAbandonedJobs(): Promise<void> {
    await this.db
      .update(exportJobs)
      .set({ status: 'failed', error: 'The server restarted: please export again', finishedAt: new Date() })
      .where(sql`${exportJobs.status} in ('queued', 'running')`);
  }
}
