import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  can,
  type AudienceReport,
  type ExchangeReport,
  type ExportFormat,
  type ExportJob,
  type ExportKind,
  type FileReport,
  type HourReport,
  type InstanceReport,
  type StatisticFilters,
  type StatisticList,
  type StatisticListQuery,
  type StatisticPatchBody,
  type StatisticPatchResult,
} from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories, Transact } from '../../db/repositories.js';
import type { ExportJobRow } from '../../db/schema.js';
import type { Caller } from '../../lib/caller.js';
import { AppError } from '../../lib/errors.js';
import type { UrlSigner } from '../../lib/signer.js';
import type { Storage } from '../../lib/storage.js';
import { checkExportRows, EXPORT_MIME, exportStream, writeExport } from './export.js';
import { exportTable, totalsOf } from './export-table.js';
import type { ExportQueue } from './export-queue.js';

export interface StatisticServiceDeps {
  repos: Repositories;
  transact: Transact;
  storage: Storage;
  signer: UrlSigner;
  tmpDir: string;
  queue: ExportQueue;
  /** How long a finished export is kept (hours). */
  retentionHours: number;
  log?: (message: string, error?: unknown) => void;
  /** A background export finished (the alert to the person who asked for it). */
  exportReady?: (job: ExportJobRow) => void;
}

/** Expired exports removed per round trip. */
const EXPIRED_BATCH = 200;

const KIND_FILE: Record<ExportKind, string> = {
  list: 'statistics',
  hour: 'report-by-hour',
  files: 'report-by-files',
  instances: 'report-by-instances',
};

/** Only the filter fields (an export's body also has format and kind). */
function filtersOf(input: StatisticFilters): StatisticFilters {
  const { from, to, points, nets, playlists, files } = input;
  return {
    from,
    to,
    ...(points ? { points } : {}),
    ...(nets ? { nets } : {}),
    ...(playlists ? { playlists } : {}),
    ...(files ? { files } : {}),
  };
}

/**
 * Statistics: the list of shows (raw rows), reports (the hourly rollup), exports and their spool, the
 * admin's corrections, audience and the exchange. Everything reads the caller's cabinet only.
 */
export class StatisticService {
  constructor(private readonly deps: StatisticServiceDeps) {}

  /** How async exports run here: pg-boss, or the in-process fallback. */
  get queueMode(): ExportQueue['mode'] {
    return this.deps.queue.mode;
  }

  private get repo() {
    return this.deps.repos.statistics;
  }

  async list(caller: Caller, query: StatisticListQuery): Promise<StatisticList> {
    const filters = filtersOf(query);
    const [rows, total] = await Promise.all([
      this.repo.list(caller.cabinetId, filters, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      }),
      this.repo.countShows(caller.cabinetId, filters),
    ]);
    return { list: rows.map(({ cursor: _cursor, ...row }) => ({ ...row, shows: 1 })), total };
  }

  async reportByHour(caller: Caller, filters: StatisticFilters): Promise<HourReport> {
    const rows = await this.repo.reportByHour(caller.cabinetId, filtersOf(filters));
    return { rows, totals: totalsOf(rows) };
  }

  async reportByInstances(caller: Caller, filters: StatisticFilters): Promise<InstanceReport> {
    const rows = await this.repo.reportByInstances(caller.cabinetId, filtersOf(filters));
    return { rows, totals: totalsOf(rows) };
  }

  async reportByFiles(caller: Caller, filters: StatisticFilters): Promise<FileReport> {
    const rows = await this.repo.reportByFiles(caller.cabinetId, filtersOf(filters));
    return { rows, totals: totalsOf(rows) };
  }

  async audience(caller: Caller, filters: StatisticFilters): Promise<AudienceReport> {
    const f = filtersOf(filters);
    const [rows, measured] = await Promise.all([
      this.repo.audience(caller.cabinetId, f),
      this.repo.measuredHours(caller.cabinetId, f),
    ]);
    const hoursOf = new Map(measured.map((m) => [`${m.pointId}:${m.hour}`, m.hours]));
    return {
      rows: rows.map((r) => ({
        ...r,
        viewers: r.shows > 0 ? r.impressions / r.shows : 0,
        measuredHours: hoursOf.get(`${r.pointId}:${r.hour}`) ?? 0,
      })),
    };
  }

  async exchange(caller: Caller, filters: StatisticFilters): Promise<ExchangeReport> {
    const rows = await this.repo.exchange(caller.cabinetId, filtersOf(filters));
    const totals = { shows: 0, impressions: 0, revenue: 0, cost: 0 };
    for (const r of rows) {
      totals.shows += r.shows;
      totals.impressions += r.impressions;
      totals.revenue += r.revenue;
      totals.cost += r.cost;
    }
    return { rows, totals };
  }

  /**
   * Corrections (key statistics.edit, the platform admin only): rows of any cabinet, as the admin
   * administers every tenant. The rollup moves with the rows in the same transaction.
   */
  async patch(caller: Caller, body: StatisticPatchBody): Promise<StatisticPatchResult> {
    if (!can(caller.role, 'statistics.edit')) throw new AppError('FORBIDDEN');
    const ids = [...new Set(body.ids)].sort((a, b) => a - b);
    const updated = await this.deps.transact((repos) =>
      repos.corrections.platformPatch(ids, body.patch, caller.userId),
    );
    return { ok: true, updated };
  }

  // ---- exports ----

  private async rowCount(cabinetId: CabinetId, kind: ExportKind, filters: StatisticFilters): Promise<number> {
    if (kind === 'list') return this.repo.countShows(cabinetId, filters);
    return 0; // reports are small (hours, screens, files of the period)
  }

  private async checkSize(
    cabinetId: CabinetId,
    kind: ExportKind,
    format: ExportFormat,
    filters: StatisticFilters,
  ): Promise<number> {
    const rows = await this.rowCount(cabinetId, kind, filters);
    checkExportRows(format, rows, 'choose a shorter period or fewer screens');
    return rows;
  }

  fileName(kind: ExportKind, format: ExportFormat, filters: StatisticFilters): string {
    return `${KIND_FILE[kind]}-${filters.from}_${filters.to}.${format}`;
  }

  /** A file made now, streamed as it is written (the sync print-* calls). */
  async exportNow(
    caller: Caller,
    kind: ExportKind,
    format: ExportFormat,
    input: StatisticFilters,
  ): Promise<{ name: string; mime: string; stream: Readable }> {
    const filters = filtersOf(input);
    await this.checkSize(caller.cabinetId, kind, format, filters);
    const file = exportStream(format, exportTable(this.repo, caller.cabinetId, kind, filters), this.deps.log);
    return { name: this.fileName(kind, format, filters), ...file };
  }

  /** Queues an export; the spool lists it and, once done, its download URL. */
  async queueExport(
    caller: Caller,
    kind: ExportKind,
    format: ExportFormat,
    input: StatisticFilters,
  ): Promise<{ id: number }> {
    const filters = filtersOf(input);
    await this.checkSize(caller.cabinetId, kind, format, filters);
    const job = await this.deps.repos.exportJobs.insertJob({
      cabinetId: caller.cabinetId,
      userId: caller.userId,
      kind,
      format,
      params: filters as unknown as Record<string, unknown>,
      name: this.fileName(kind, format, filters),
    });
    await this.deps.queue.send(job.id);
    return { id: job.id };
  }

  /** Runs one queued export (the queue's worker): into a temporary file, then storage under exports/. */
  async runJob(jobId: number): Promise<void> {
    const job = await this.deps.repos.exportJobs.platformJobById(jobId);
    if (!job || job.status === 'done') return;
    await this.deps.repos.exportJobs.platformUpdateJob(jobId, {
      status: 'running',
      progress: 0,
      error: null,
    });
    const kind = job.kind;
    const format = job.format;
    const filters = job.params as unknown as StatisticFilters;
    await mkdir(this.deps.tmpDir, { recursive: true });
    const tmp = join(this.deps.tmpDir, `export-${jobId}-${Date.now()}.${format}`);
    try {
      const expected = Math.max(1, await this.rowCount(job.cabinetId, kind, filters));
      let last = 0;
      await writeExport(
        format,
        exportTable(this.repo, job.cabinetId, kind, filters),
        createWriteStream(tmp),
        async (n) => {
          const progress = Math.min(99, Math.floor((n / expected) * 100));
          if (progress >= last + 5) {
            last = progress;
            await this.deps.repos.exportJobs.platformUpdateJob(jobId, { progress });
          }
        },
      );
      const size = (await stat(tmp)).size;
      const key = `exports/${job.cabinetId}/${jobId}.${format}`;
      await this.deps.storage.putFile(key, tmp);
      await this.deps.repos.exportJobs.platformUpdateJob(jobId, {
        status: 'done',
        progress: 100,
        storageKey: key,
        size,
        finishedAt: new Date(),
      });
      this.deps.exportReady?.(job);
    } catch (error) {
      this.deps.log?.(`export ${jobId} failed`, error);
      await this.deps.repos.exportJobs.platformUpdateJob(jobId, {
        status: 'failed',
        error: error instanceof Error ? error.message.slice(0, 500) : 'Export failed',
        finishedAt: new Date(),
      });
    } finally {
      await rm(tmp, { force: true });
    }
  }

  private present(job: ExportJobRow): ExportJob {
    let url: string | null = null;
    if (job.status === 'done' && job.storageKey) {
      const { exp, sig } = this.deps.signer.sign(job.id, 'export');
      url = `/api/spool/report/${job.id}/download?exp=${exp}&sig=${encodeURIComponent(sig)}`;
    }
    return {
      id: job.id,
      name: job.name,
      kind: job.kind,
      format: job.format,
      status: job.status,
      progress: job.progress,
      createdAt: job.createdAt.toISOString(),
      finishedAt: job.finishedAt?.toISOString() ?? null,
      expiresAt: job.finishedAt
        ? new Date(job.finishedAt.getTime() + this.deps.retentionHours * 3600_000).toISOString()
        : null,
      size: job.size ?? null,
      url,
      error: job.error,
    };
  }

  async spool(caller: Caller): Promise<{ list: ExportJob[] }> {
    const jobs = await this.deps.repos.exportJobs.jobs(caller.cabinetId);
    return { list: jobs.map((j) => this.present(j)) };
  }

  /** The bytes of a finished export behind its signed URL. */
  async download(
    id: number,
    exp: number,
    sig: string,
  ): Promise<{ name: string; mime: string; size: number | null; stream: Readable }> {
    if (!this.deps.signer.verify(id, 'export', exp, sig)) throw new AppError('NOT_FOUND');
    const job = await this.deps.repos.exportJobs.platformJobById(id);
    if (!job || job.status !== 'done' || !job.storageKey) throw new AppError('NOT_FOUND');
    return {
      name: job.name,
      mime: EXPORT_MIME[job.format],
      size: job.size ?? null,
      stream: this.deps.storage.read(job.storageKey),
    };
  }

  /**
   * Removes background exports finished (done or failed) more than the retention ago: the file first, then
   * its spool row, so a crash between the two leaves a row whose file is gone (removed again next time),
   * never a file nobody lists. Two processes doing this at once remove the same things harmlessly.
   * Answers how many were removed.
   */
  async removeExpiredExports(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - this.deps.retentionHours * 3600_000);
    let removed = 0;
    for (;;) {
      const jobs = await this.deps.repos.exportJobs.platformFinishedJobsBefore(before, EXPIRED_BATCH);
      for (const job of jobs) if (job.storageKey) await this.deps.storage.remove(job.storageKey);
      removed += await this.deps.repos.exportJobs.platformDeleteJobs(jobs.map((j) => j.id));
      if (jobs.length < EXPIRED_BATCH) return removed;
    }
  }

  /** Jobs a stopped process left behind, when the queue does not keep them itself (the in-process fallback). */
  async failAbandoned(): Promise<void> {
    await this.deps.repos.exportJobs.platformFailAbandonedJobs();
  }
}
