import { z } from 'zod';
import { DashboardBilling } from './billing.js';
import {
  ENTRY_TYPES,
  FILES_ORDERS,
  FLOATING_POSITIONS,
  PLAYLIST_THEMES,
  PLAYLIST_TYPES,
  QUOTA_KINDS,
  SCHEDULE_MODES,
} from '../playlist.js';
import { FILE_FITS } from '../media.js';
import { UNPLANNED_REASONS } from '../schedule/index.js';
import { dateSchema, idSchema } from './common.js';

export const DailyScheduleQuery = z.strictObject({
  id: idSchema,
  /** The screen's local date; today on the screen's clock when left out. */
  date: dateSchema.optional(),
});

export const ScheduleFileRow = z.object({
  fileId: z.number().int(),
  fileName: z.string().nullable(),
  playlistId: z.number().int(),
  playlistName: z.string(),
  type: z.enum(ENTRY_TYPES),
  shows: z.number().int(),
  /** Seconds. */
  duration: z.number(),
  first: z.string(),
  last: z.string(),
});

/** Consecutive entries of one playlist, for the timeline. Seconds from the day's start. */
export const ScheduleSegment = z.object({
  start: z.number(),
  end: z.number(),
  playlistId: z.number().int(),
  type: z.enum(ENTRY_TYPES),
  items: z.number().int(),
});

export const UnplannedRow = z.object({
  playlistId: z.number().int(),
  playlistName: z.string(),
  fileId: z.number().int().nullable(),
  fileName: z.string().nullable(),
  reason: z.enum(UNPLANNED_REASONS),
  shows: z.number().int(),
});

export const DailySchedule = z.object({
  pointId: z.number().int(),
  date: z.string(),
  timezone: z.string(),
  start: z.string(),
  end: z.string(),
  /** Seconds of working time and of advertising (periodic and block content) planned in it. */
  capacity: z.number(),
  advertising: z.number(),
  fullness: z.number(),
  /** The table by files: the timeline's and the overlays' (FLOATING, LOOP_ITEM) rows. */
  files: z.array(ScheduleFileRow),
  segments: z.array(ScheduleSegment),
  /** Floating windows and secondary content over the timeline, merged like the segments. */
  overlaySegments: z.array(ScheduleSegment),
  unplanned: z.array(UnplannedRow),
});
export type DailySchedule = z.infer<typeof DailySchedule>;

// ---- the dashboard ----

/** Spec §9 date-range presets for broadcast fullness, from today on each screen's clock. */
export const FULLNESS_RANGES = ['1d', '2w', '31d', '6m'] as const;
export type FullnessRange = (typeof FULLNESS_RANGES)[number];

/** Days a preset covers starting on `from` (six months: to the same date six months later). */
export function rangeDays(range: FullnessRange, from: string): number {
  if (range === '1d') return 1;
  if (range === '2w') return 14;
  if (range === '31d') return 31;
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(y, m - 1 + 6, d));
  return Math.round((end.getTime() - Date.UTC(y, m - 1, d)) / 86_400_000);
}

export const DashboardQuery = z.strictObject({ range: z.enum(FULLNESS_RANGES).default('1d') });

export const PointFullness = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 0..1: advertising planned against working time over the range. */
  fullness: z.number(),
  /** Seconds. */
  capacity: z.number(),
  advertising: z.number(),
});

export const Dashboard = z.object({
  space: z.object({ used: z.number(), quota: z.number() }),
  points: z.object({
    total: z.number().int(),
    online: z.number().int(),
    offline: z.number().int(),
    withoutContent: z.number().int(),
  }),
  playlists: z.object({
    active: z.number().int(),
    expiring: z.number().int(),
    expired: z.number().int(),
  }),
  /** Balance, runway, tariff and screens against its limit; null while billing is off (docs/billing.md). */
  billing: DashboardBilling.nullable(),
  /**
   * Broadcast fullness being planned (ours, not the spec's): the rate of the run in progress and when the
   * pending screens should be done at that rate; null while nothing is being planned. Before `fullness`,
   * which stays the last key (dashboard.json.ts encodes it apart).
   */
  planning: z
    .object({
      /** Screens planned a second since the run started. */
      perSecond: z.number(),
      /** Seconds until the pending screens are planned at that rate; null until a batch is done. */
      estimateSeconds: z.number().int().nullable(),
    })
    .nullable(),
  fullness: z.object({
    range: z.enum(FULLNESS_RANGES),
    days: z.number().int(),
    /** Over every screen: the sum of advertising over the sum of working time. */
    average: z.number(),
    /** Screens whose fullness is still being planned (new content): not in `points` nor the average yet. */
    pending: z.number().int(),
    points: z.array(PointFullness),
  }),
});
export type Dashboard = z.infer<typeof Dashboard>;

// ---- the player's copy of the schedule inputs (spec-free: ours) ----

/** How the player shows a file (spec §3 File: config), resolved for this screen and playlist. */
export const ItemLookSchema = z.object({
  volume: z.number().int().nullable(),
  fit: z.enum(FILE_FITS).nullable(),
  muted: z.boolean().nullable(),
});

const scheduleItem = z.object({
  fileId: z.number().int(),
  seconds: z.number(),
  when: z
    .object({
      fromDate: z.string().nullable(),
      toDate: z.string().nullable(),
      weekDays: z.array(z.number().int()),
      fromTime: z.string().nullable(),
      toTime: z.string().nullable(),
    })
    .nullable()
    .optional(),
  look: ItemLookSchema.optional(),
});

export const SchedulePlaylistSchema = z.object({
  id: z.number().int(),
  type: z.enum(PLAYLIST_TYPES),
  active: z.boolean(),
  approved: z.boolean(),
  override: z.boolean(),
  inLeftoversOnly: z.boolean(),
  fromDate: z.string(),
  toDate: z.string(),
  weekDays: z.array(z.number().int()),
  fromTime: z.string().nullable(),
  toTime: z.string().nullable(),
  fromTime2: z.string().nullable(),
  toTime2: z.string().nullable(),
  filesOrder: z.enum(FILES_ORDERS),
  scheduleMode: z.enum(SCHEDULE_MODES).nullable(),
  periodicity: z.number().int(),
  limitationType: z.enum(QUOTA_KINDS),
  quotas: z.array(z.object({ kind: z.enum(QUOTA_KINDS), quantity: z.number().int() })),
  blockDuration: z.number().int(),
  sections: z.array(
    z.object({
      duration: z.number().int(),
      duplicate: z.boolean(),
      order: z.number().int(),
      repeat: z.number().int(),
      items: z.array(scheduleItem),
    }),
  ),
  items: z.array(scheduleItem),
  share: z.object({ screens: z.number().int(), index: z.number().int() }),
  noStats: z.boolean().optional(),
  interval: z.number().int().nullable().optional(),
  geofence: z.object({ lat: z.number(), lng: z.number(), radius: z.number() }).nullable().optional(),
  secondary: scheduleItem.nullable().optional(),
  theme: z
    .union([z.enum(PLAYLIST_THEMES), z.string().regex(/^#[0-9a-fA-F]{6}$/)])
    .nullable()
    .optional(),
  floating: z
    .object({ position: z.enum(FLOATING_POSITIONS), size: z.number().int() })
    .nullable()
    .optional(),
});

export const ScheduleInputSchema = z.object({
  screen: z.object({
    id: z.number().int(),
    timezone: z.string(),
    workFrom: z.string().nullable(),
    workTo: z.string().nullable(),
    commercialCycle: z.number().int().nullable(),
    stopped: z.boolean(),
    position: z.object({ lat: z.number(), lng: z.number() }).nullable().optional(),
  }),
  playlists: z.array(SchedulePlaylistSchema),
});
/** The engine's input as data (what the manifest carries); assignable to ScheduleInput. */
export type ScheduleInputData = z.infer<typeof ScheduleInputSchema>;
