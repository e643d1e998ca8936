import {
  type ContentUpdate,
  type FileConfig,
  type FileConfigInput,
  type FileDetail,
  type FileSchedule,
  type FileScheduleInput,
} from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories } from '../../db/repositories.js';
import type { FileConfigRow, FileScheduleRow } from '../../db/schema.js';
import type { Caller } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import type { ContentChange } from '../point/content-sync.js';
import type { Named } from './file-rules.repository.js';
import type { MediaService } from './media.service.js';

export interface FileRulesServiceDeps {
  repos: Repositories;
  media: MediaService;
  contentChanged?: (cabinetId: CabinetId, change: ContentChange) => Promise<ContentUpdate>;
}

const scheduleOut = (row: Named<FileScheduleRow>): FileSchedule => ({
  id: row.id,
  fileId: row.fileId,
  pointId: row.pointId,
  pointName: row.pointName,
  playlistId: row.playlistId,
  playlistName: row.playlistName,
  fromDate: row.fromDate,
  toDate: row.toDate,
  weekDays: row.weekDays,
  fromTime: row.fromTime,
  toTime: row.toTime,
});

const configOut = (row: Named<FileConfigRow>): FileConfig => ({
  id: row.id,
  fileId: row.fileId,
  pointId: row.pointId,
  pointName: row.pointName,
  playlistId: row.playlistId,
  playlistName: row.playlistName,
  duration: row.duration,
  volume: row.volume,
  fit: row.fit,
  muted: row.muted,
});

const fileWide = (rule: { pointId: number | null; playlistId: number | null }) =>
  rule.pointId === null && rule.playlistId === null;

/**
 * A file's own schedule and configuration (spec §3 File: schedule, config; §7 schedule, removeSchedule,
 * config, removeConfig), scoped by file, screen and playlist. Every file, screen and playlist named is the
 * caller's cabinet's; the screens the change touches are told like a playlist change (ACTIVE playlists at
 * once, PASSIVE ones at their next sync).
 */
export class FileRulesService {
  constructor(private readonly deps: FileRulesServiceDeps) {}

  /** GET /api/file/{id}: the file with its rules of every scope. */
  async detail(caller: Caller, fileId: number): Promise<FileDetail> {
    const file = await this.deps.media.getFile(caller, fileId);
    const [schedules, configs] = await this.read(caller.cabinetId, fileId);
    return {
      ...file,
      schedule: schedules.find(fileWide) ?? null,
      config: configs.find(fileWide) ?? null,
      schedules,
      configs,
    };
  }

  async putSchedule(caller: Caller, input: FileScheduleInput): Promise<FileSchedule> {
    const name = await this.checkScope(caller, input);
    const row = await this.deps.repos.fileRules.putSchedule({ cabinetId: caller.cabinetId, ...input });
    await this.touched(caller.cabinetId, row, name);
    return this.one(caller.cabinetId, row.fileId, 'schedule', row.id);
  }

  async putConfig(caller: Caller, input: FileConfigInput): Promise<FileConfig> {
    const name = await this.checkScope(caller, input);
    const row = await this.deps.repos.fileRules.putConfig({ cabinetId: caller.cabinetId, ...input });
    await this.touched(caller.cabinetId, row, name);
    return this.one(caller.cabinetId, row.fileId, 'config', row.id);
  }

  async removeSchedule(caller: Caller, id: number): Promise<{ ok: true }> {
    const row = await this.deps.repos.fileRules.removeSchedule(caller.cabinetId, id);
    if (!row) throw notFound();
    await this.touched(caller.cabinetId, row);
    return { ok: true };
  }

  async removeConfig(caller: Caller, id: number): Promise<{ ok: true }> {
    const row = await this.deps.repos.fileRules.removeConfig(caller.cabinetId, id);
    if (!row) throw notFound();
    await this.touched(caller.cabinetId, row);
    return { ok: true };
  }

  private async read(cabinetId: CabinetId, fileId: number): Promise<[FileSchedule[], FileConfig[]]> {
    const { fileRules } = this.deps.repos;
    const [schedules, configs] = await Promise.all([
      fileRules.schedulesOf(cabinetId, [fileId]),
      fileRules.configsOf(cabinetId, [fileId]),
    ]);
    return [schedules.map(scheduleOut), configs.map(configOut)];
  }

  private async one(
    cabinetId: CabinetId,
    fileId: number,
    kind: 'schedule',
    id: number,
  ): Promise<FileSchedule>;
  private async one(cabinetId: CabinetId, fileId: number, kind: 'config', id: number): Promise<FileConfig>;
  private async one(cabinetId: CabinetId, fileId: number, kind: 'schedule' | 'config', id: number) {
    const [schedules, configs] = await this.read(cabinetId, fileId);
    return (kind === 'schedule' ? schedules : configs).find((r) => r.id === id)!;
  }

  /** The file, and the screen and playlist a rule names, must be the caller's cabinet's; answers the file's name. */
  private async checkScope(
    caller: Caller,
    scope: { fileId: number; pointId: number | null; playlistId: number | null },
  ): Promise<string> {
    const { repos } = this.deps;
    const [file, point, playlist] = await Promise.all([
      repos.media.file(caller.cabinetId, scope.fileId),
      scope.pointId === null ? true : repos.points.point(caller.cabinetId, scope.pointId),
      scope.playlistId === null ? true : repos.playlists.playlist(caller.cabinetId, scope.playlistId),
    ]);
    if (!file || !point || !playlist) throw notFound();
    return file.name;
  }

  /** The screens playing the file within the rule's scope hear of it, as a playlist change would tell them. */
  private async touched(
    cabinetId: CabinetId,
    rule: { fileId: number; pointId: number | null; playlistId: number | null },
    fileName?: string,
  ): Promise<void> {
    if (!this.deps.contentChanged) return;
    const { repos } = this.deps;
    const name = fileName ?? (await repos.media.file(cabinetId, rule.fileId))?.name ?? null;
    const using = (await repos.fileRules.playlistsPlaying(cabinetId, rule.fileId)).filter(
      (p) => rule.playlistId === null || p.id === rule.playlistId,
    );
    const reach = await repos.schedule.reachOf(
      cabinetId,
      using.map((p) => p.id),
    );
    const immediate = new Set<number>();
    const passive = new Set<number>();
    for (const p of using) {
      for (const pointId of reach.get(p.id) ?? []) {
        if (rule.pointId !== null && pointId !== rule.pointId) continue;
        (p.influence === 'ACTIVE' ? immediate : passive).add(pointId);
      }
    }
    await this.deps.contentChanged(cabinetId, {
      immediate,
      passive,
      reason: { kind: 'file', name },
    });
  }
}
