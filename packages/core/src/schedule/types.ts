/** The engine's input and output (docs/scheduling.md, Input and Output). */
import type { FileFit } from '../media.js';
import type {
  EntryType,
  FilesOrder,
  FloatingArea,
  Geofence,
  PlaylistTheme,
  PlaylistType,
  QuotaKind,
  ScheduleMode,
} from '../playlist.js';

// ---- input ----

/**
 * When a file may start (its own schedule, spec §3 File: schedule): a period of wall-clock date-times
 * (either end open), weekdays and a daily window, on the screen's clock.
 */
export interface ItemWindow {
  fromDate: string | null;
  toDate: string | null;
  weekDays: readonly number[];
  fromTime: string | null;
  toTime: string | null;
}

export interface ScheduleItem {
  fileId: number;
  /** Seconds to play. */
  seconds: number;
  /** The file's own schedule for this screen and playlist; none: whenever its playlist plays. */
  when?: ItemWindow | null;
  /** Presentation only (the plan is the same): how the player shows it. */
  look?: ItemLook;
}

/** How the player shows a file (spec §3 File: config), resolved for the screen and playlist. */
export interface ItemLook {
  /** 0-100, over the screen's own volume; null: the screen's. */
  volume: number | null;
  fit: FileFit | null;
  muted: boolean | null;
}

export interface ScheduleSection {
  duration: number;
  duplicate: boolean;
  order: number;
  repeat: number;
  items: ScheduleItem[];
}

export interface SchedulePlaylist {
  id: number;
  type: PlaylistType;
  active: boolean;
  approved: boolean;
  override: boolean;
  inLeftoversOnly: boolean;
  fromDate: string;
  toDate: string;
  weekDays: readonly number[];
  fromTime: string | null;
  toTime: string | null;
  fromTime2: string | null;
  toTime2: string | null;
  filesOrder: FilesOrder;
  scheduleMode: ScheduleMode | null;
  periodicity: number;
  limitationType: QuotaKind;
  quotas: readonly { kind: QuotaKind; quantity: number }[];
  blockDuration: number;
  sections: readonly ScheduleSection[];
  items: readonly ScheduleItem[];
  /** Screens the playlist reaches and this screen's place among them (by id, from 0): network quotas. */
  share: { screens: number; index: number };
  /** Plays without proof of play (the playlist's no-stats option); the plan is the same. */
  noStats?: boolean;
  /** Seconds of pause after each item of background, block and floating content (none: back to back). */
  interval?: number | null;
  /** Plays only on a screen standing within this circle (the COORDINATES content type). */
  geofence?: Geofence | null;
  /** Secondary content: shown beside the playlist's own content, restarting every `seconds` (LOOP_ITEM). */
  secondary?: ScheduleItem | null;
  /** Presentation only, the plan is the same: the backdrop while the playlist plays... */
  theme?: PlaylistTheme | null;
  /** ...and where a FLOATING playlist's window stands. */
  floating?: FloatingArea | null;
}

export interface ScheduleScreen {
  id: number;
  timezone: string;
  workFrom: string | null;
  workTo: string | null;
  /** Seconds; ad shows due within one cycle play together at its start. */
  commercialCycle: number | null;
  stopped: boolean;
  /** Where the screen stands (its location setting, or a moving screen's last fix): geofenced content. */
  position?: { lat: number; lng: number } | null;
}

export interface ScheduleInput {
  screen: ScheduleScreen;
  playlists: readonly SchedulePlaylist[];
}

// ---- output ----

export const UNPLANNED_REASONS = [
  'BROADCAST_STOPPED',
  'INACTIVE',
  'NOT_APPROVED',
  'EMPTY',
  'NOT_IN_PERIOD',
  'NOT_ON_WEEKDAY',
  'OUTSIDE_HOURS',
  'OVERRIDDEN',
  'BLOCK_CONFLICT',
  'QUOTA',
  'NO_ROOM',
  'REPEAT',
  'NONE_DUE',
  'NO_LEFTOVERS',
  'OUT_OF_AREA',
  'FILE_SCHEDULE',
  /** A video wall's tile plays the wall's playlists: its own wait (set by the server, not the engine). */
  'WALL_TILE',
] as const;
export type UnplannedReason = (typeof UNPLANNED_REASONS)[number];

export interface ScheduleEntry {
  start: number;
  end: number;
  fileId: number;
  playlistId: number;
  /** The playlist's type; LOOP_ITEM for its secondary content. */
  type: EntryType;
  /** Cut before the file's end. */
  cut: boolean;
}

export interface UnplannedItem {
  playlistId: number;
  fileId: number | null;
  reason: UnplannedReason;
  /** Shows lost; 0 where the reason concerns the whole playlist for the day. */
  shows: number;
}

export interface DayPlan {
  date: string;
  start: number;
  end: number;
  /** Milliseconds of working time. */
  capacity: number;
  /** Milliseconds planned for advertising and block content. */
  advertising: number;
  /** The full-screen timeline: sorted, never overlapping. */
  entries: ScheduleEntry[];
  /**
   * What shows over it in windows of its own: FLOATING playlists' items and LOOP_ITEM secondary content,
   * sorted by start; entries of one type never overlap, a floating window and a secondary band may.
   */
  overlays: ScheduleEntry[];
  unplanned: UnplannedItem[];
}

export interface PlanOptions {
  /** false: skip the background fill (fullness needs only advertising and blocks). Default true. */
  timeline?: boolean;
}

/** Below one second a gap is left empty rather than filled with a sliver of a file. */
export const MIN_FILL_MS = 1000;
