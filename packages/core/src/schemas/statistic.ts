import { z } from 'zod';
import { PAGE_SIZES } from '../constants.js';
import { dateWall, isDate } from '../zone.js';
import { dateSchema, idSchema } from './common.js';
import {
  EXPORT_FORMATS,
  EXPORT_KINDS,
  EXPORT_STATUSES,
  REPORT_KINDS,
  STATISTIC_MAX_DAYS,
  STATISTIC_MAX_IDS,
  STATISTIC_MAX_PAGE,
  STATISTIC_MESSAGES,
  STATISTIC_SOURCES,
} from '../statistic.js';

/**
 * Statistics (spec §2 /statistics/report and /statistics/list, §3 the statistics row, §6 permissions, §7
 * Statistic, Audience, Impressions): proof of play read back as a list of shows, reports by local hour,
 * by screen and by file, exports, the audience per screen and hour, and the exchange by day and source.
 * Days and hours are always the screen's own wall clock.
 */

/**
 * A comma-separated id list in a query string ('1,2,3'), or an array in a JSON body; parses to numbers.
 * An empty string (an empty list) is no filter.
 */
export const idList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '')
      : v,
  z.array(idSchema).max(STATISTIC_MAX_IDS, { error: STATISTIC_MESSAGES.tooManyIds }),
);

/** The filters every statistics call takes. `from` and `to` are screen-local days, both included. */
export const statisticFilterShape = {
  from: dateSchema,
  to: dateSchema,
  points: idList.optional(),
  nets: idList.optional(),
  playlists: idList.optional(),
  files: idList.optional(),
};

/** Days from `from` to `to`, both included (0 or less when `to` is before `from`). */
export function periodDays(from: string, to: string): number {
  return Math.round((dateWall(to) - dateWall(from)) / 86_400_000) + 1;
}

function checkPeriod(value: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (!isDate(value.from) || !isDate(value.to)) return;
  const days = periodDays(value.from, value.to);
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: STATISTIC_MESSAGES.toBeforeFrom });
  else if (days > STATISTIC_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: STATISTIC_MESSAGES.periodTooLong });
  }
}

export const StatisticFilters = z.strictObject(statisticFilterShape).superRefine(checkPeriod);
export type StatisticFilters = z.infer<typeof StatisticFilters>;
/** What a form sends (ids may be a comma-separated string). */
export type StatisticFiltersInput = z.input<typeof StatisticFilters>;

const pageSize = z.coerce
  .number()
  .int()
  .min(1)
  .max(Math.max(...PAGE_SIZES))
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { error: STATISTIC_MESSAGES.pageSize });

/** GET /api/statistic: the filters, page (from 1) and limit (10, 100 or 1000; default 10). */
export const StatisticListQuery = z
  .strictObject({
    ...statisticFilterShape,
    page: z.coerce.number().int().min(1).max(STATISTIC_MAX_PAGE).default(1),
    limit: pageSize.default(PAGE_SIZES[0]),
  })
  .superRefine(checkPeriod);
export type StatisticListQuery = z.infer<typeof StatisticListQuery>;

/** One show (spec §3 statistics row). */
export const StatisticRow = z.object({
  id: z.number().int(),
  /** ISO instant the show started. */
  datetime: z.string(),
  /** 'YYYY-MM-DD HH:mm:ss' on the screen's clock. */
  localTime: z.string(),
  /** The screen's network names joined by ', ', or null when it is in none. */
  channel: z.string().nullable(),
  /** The screen's name (as it was when the show arrived). */
  instance: z.string().nullable(),
  pointId: z.number().int(),
  playlist: z.string().nullable(),
  playlistId: z.number().int().nullable(),
  file: z.string().nullable(),
  fileId: z.number().int(),
  /** Seconds shown. */
  duration: z.number(),
  /** Always 1: one row is one show. */
  shows: z.number().int(),
  impressions: z.number(),
  revenue: z.number(),
  cost: z.number(),
  source: z.string(),
});
export type StatisticRow = z.infer<typeof StatisticRow>;

/** Newest first. */
export const StatisticList = z.object({ list: z.array(StatisticRow), total: z.number().int() });
export type StatisticList = z.infer<typeof StatisticList>;

/** Sums every report carries. */
export const ReportTotals = z.object({
  shows: z.number().int(),
  seconds: z.number(),
  impressions: z.number(),
  revenue: z.number(),
  cost: z.number(),
});
export type ReportTotals = z.infer<typeof ReportTotals>;

/** GET /api/statistic/get-report-by-hour: one row per local hour that has shows, in order. */
export const HourReportRow = ReportTotals.extend({
  /** 'YYYY-MM-DD HH:00' on the screens' clocks. */
  hour: z.string(),
});
export type HourReportRow = z.infer<typeof HourReportRow>;
export const HourReport = z.object({ rows: z.array(HourReportRow), totals: ReportTotals });
export type HourReport = z.infer<typeof HourReport>;

/** GET /api/statistic/get-report-by-instances: one row per screen, by name. */
export const InstanceReportRow = ReportTotals.extend({
  pointId: z.number().int(),
  /** The screen's current name, else the name captured with its shows. */
  name: z.string().nullable(),
});
export type InstanceReportRow = z.infer<typeof InstanceReportRow>;
export const InstanceReport = z.object({ rows: z.array(InstanceReportRow), totals: ReportTotals });
export type InstanceReport = z.infer<typeof InstanceReport>;

/** GET /api/statistic/get-report-by-files: one row per playlist and file (playlistId null: none). */
export const FileReportRow = ReportTotals.extend({
  playlistId: z.number().int().nullable(),
  playlist: z.string().nullable(),
  fileId: z.number().int(),
  file: z.string().nullable(),
});
export type FileReportRow = z.infer<typeof FileReportRow>;
export const FileReport = z.object({ rows: z.array(FileReportRow), totals: ReportTotals });
export type FileReport = z.infer<typeof FileReport>;

/** GET /api/statistic/print-list: the filters and a format; the answer is the file (attachment). */
export const PrintListQuery = z
  .strictObject({ ...statisticFilterShape, format: z.enum(EXPORT_FORMATS).default('csv') })
  .superRefine(checkPeriod);
export type PrintListQuery = z.infer<typeof PrintListQuery>;
/** GET /api/statistic/print-report: the report by hour or by files. */
export const PrintReportQuery = z
  .strictObject({
    ...statisticFilterShape,
    kind: z.enum(REPORT_KINDS).default('hour'),
    format: z.enum(EXPORT_FORMATS).default('csv'),
  })
  .superRefine(checkPeriod);
export type PrintReportQuery = z.infer<typeof PrintReportQuery>;
/** GET /api/statistic/print-report-by-instances. */
export const PrintInstancesQuery = PrintListQuery;

/** POST /api/statistic/print-list-async: the same filters and format in a JSON body. */
export const PrintListAsyncBody = PrintListQuery;
export type PrintListAsyncBody = z.infer<typeof PrintListAsyncBody>;
/** POST /api/statistic/print-report-async: kind 'hour', 'files' or 'instances'. */
export const PrintReportAsyncBody = z
  .strictObject({
    ...statisticFilterShape,
    kind: z.enum(['hour', 'files', 'instances']).default('hour'),
    format: z.enum(EXPORT_FORMATS).default('csv'),
  })
  .superRefine(checkPeriod);
export type PrintReportAsyncBody = z.infer<typeof PrintReportAsyncBody>;
export const ExportQueued = z.object({ id: z.number().int() });
export type ExportQueued = z.infer<typeof ExportQueued>;

/** One export job of the caller's cabinet (GET /api/spool/report), newest first. */
export const ExportJob = z.object({
  id: z.number().int(),
  /** The file name the download gets, e.g. 'statistics-2026-01-01-2026-01-31.csv'. */
  name: z.string(),
  kind: z.enum(EXPORT_KINDS),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_STATUSES),
  /** 0 to 100. */
  progress: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the server removes the file and this entry (finishedAt + EXPORT_RETENTION_HOURS). */
  expiresAt: z.string().nullable(),
  /** Bytes, once done. */
  size: z.number().int().nullable(),
  /** A signed download URL (short-lived; list again for a fresh one) once done. */
  url: z.string().nullable(),
  error: z.string().nullable(),
});
export type ExportJob = z.infer<typeof ExportJob>;
export const ExportJobList = z.object({ list: z.array(ExportJob) });
export type ExportJobList = z.infer<typeof ExportJobList>;

/** PATCH /api/statistic/patch (admin): corrects rows; every change is recorded with who made it. */
export const StatisticPatchBody = z.strictObject({
  ids: z.array(idSchema).min(1).max(STATISTIC_MAX_IDS),
  patch: z
    .strictObject({
      impressions: z.number().min(0).max(1e12).optional(),
      revenue: z.number().min(0).max(1e12).optional(),
      cost: z.number().min(0).max(1e12).optional(),
      source: z.enum(STATISTIC_SOURCES).optional(),
    })
    .refine((p) => Object.values(p).some((v) => v !== undefined), {
      error: STATISTIC_MESSAGES.emptyPatch,
    }),
});
export type StatisticPatchBody = z.infer<typeof StatisticPatchBody>;
/** `updated`: rows of the caller's cabinet changed (ids of others are left alone and not counted). */
export const StatisticPatchResult = z.object({ ok: z.literal(true), updated: z.number().int() });
export type StatisticPatchResult = z.infer<typeof StatisticPatchResult>;

/** GET /api/audience: per screen and local hour of day (0-23) over the period. */
export const AudienceQuery = StatisticFilters;
export const AudienceRow = z.object({
  pointId: z.number().int(),
  name: z.string().nullable(),
  /** Hour of the day on the screen's clock, 0-23. */
  hour: z.number().int(),
  shows: z.number().int(),
  /**
   * People per show in that hour, on average over the period: impressions / shows. Each show counts the
   * audience its screen measured in that hour (POST /api/player/audience), else the screen's setting for
   * the hour (perHour[hour], else viewers) when the show was stored, else what an admin corrected it to.
   */
  viewers: z.number(),
  /** The shows' impressions: the same figures as the list and the other reports. */
  impressions: z.number(),
  /** Hours of the period (at this hour of the day) whose audience the screen measured. */
  measuredHours: z.number().int(),
});
export type AudienceRow = z.infer<typeof AudienceRow>;
export const AudienceReport = z.object({ rows: z.array(AudienceRow) });
export type AudienceReport = z.infer<typeof AudienceReport>;

/** GET /api/third-party/exchange: per local day and source. */
export const ExchangeQuery = StatisticFilters;
export const ExchangeRow = z.object({
  /** 'YYYY-MM-DD' on the screens' clocks. */
  date: z.string(),
  source: z.string(),
  shows: z.number().int(),
  impressions: z.number(),
  revenue: z.number(),
  cost: z.number(),
});
export type ExchangeRow = z.infer<typeof ExchangeRow>;
export const ExchangeTotals = ExchangeRow.omit({ date: true, source: true });
export const ExchangeReport = z.object({ rows: z.array(ExchangeRow), totals: ExchangeTotals });
export type ExchangeReport = z.infer<typeof ExchangeReport>;
