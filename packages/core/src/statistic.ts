import { PAGE_SIZES } from './constants.js';

/**
 * The statistics' limits, kinds and messages (spec §2 /statistics, §7 Statistic): without zod, so the
 * pages' address filters read them on the first page; the schemas are in schemas/statistic.ts.
 */

/** Longest period one request may cover (days, both ends included). */
export const STATISTIC_MAX_DAYS = 366;
/** Most ids in one filter list. */
export const STATISTIC_MAX_IDS = 1000;
/** Page sizes of the list (spec §9 [10, 100, 1000]); the first is the default. */
export const STATISTIC_PAGE_SIZES = PAGE_SIZES;
/** The last page number the list takes. */
export const STATISTIC_MAX_PAGE = 1_000_000;
export const STATISTIC_SOURCES = ['auction', 'manual', 'leftover'] as const;
export type StatisticSource = (typeof STATISTIC_SOURCES)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** What print-report exports: the report by hour or by files (by instances has its own call). */
export const REPORT_KINDS = ['hour', 'files'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
/** What an async export makes: the list, or one of the three reports. */
export const EXPORT_KINDS = ['list', 'hour', 'files', 'instances'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const STATISTIC_MESSAGES = {
  periodTooLong: 'The period must not be longer than a year',
  toBeforeFrom: 'The end of the period must not be before its start',
  tooManyIds: `At most ${STATISTIC_MAX_IDS} ids`,
  pageSize: `The page size must be one of ${PAGE_SIZES.join(', ')}`,
  emptyPatch: 'Nothing to change',
} as const;
