import type { PlaylistInput } from './schemas/playlist.js';
import { DAY_SECONDS, formatWall, wallSeconds } from './wall-time.js';

/**
 * Playlists: the enumerations of spec §3, the defaults of spec §4 and §9 and a playlist's validity. The
 * pure rules that the server and the editor both apply (spec §5) are in playlist-rules.ts, its
 * broadcasting time in broadcast-time.ts, its tracking pixel in pixel.ts.
 */

/**
 * BACKGROUND 'Fuzzy/Filling', ADVERTISING 'Periodic', BLOCK, and FLOATING: content in a window over the
 * screen's timeline (spec §3 lists it among the content types).
 */
export const PLAYLIST_TYPES = ['BACKGROUND', 'ADVERTISING', 'BLOCK', 'FLOATING'] as const;
export type PlaylistType = (typeof PLAYLIST_TYPES)[number];
/** What a timeline entry is: its playlist's type, or LOOP_ITEM for a playlist's secondary content. */
export const ENTRY_TYPES = [...PLAYLIST_TYPES, 'LOOP_ITEM'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/** Where a FLOATING playlist's window stands, and its width in percent of the screen's width. */
export const FLOATING_POSITIONS = [
  'TOP_LEFT',
  'TOP',
  'TOP_RIGHT',
  'LEFT',
  'CENTER',
  'RIGHT',
  'BOTTOM_LEFT',
  'BOTTOM',
  'BOTTOM_RIGHT',
] as const;
export type FloatingPosition = (typeof FLOATING_POSITIONS)[number];
export interface FloatingArea {
  position: FloatingPosition;
  /** Percent of the screen's width, 10 to 100; the height follows the content's own shape. */
  size: number;
}
export const FLOATING_DEFAULTS: FloatingArea = { position: 'BOTTOM_RIGHT', size: 30 };

/** A circle on the earth: content bound to coordinates plays on screens standing inside it. */
export interface Geofence {
  lat: number;
  lng: number;
  /** Metres. */
  radius: number;
}

/** The backdrop while a playlist plays (letterboxing, pauses between items): a named theme or a colour. */
export const PLAYLIST_THEMES = ['dark', 'light'] as const;
/** 'dark', 'light' or '#rrggbb' (the schemas check which). */
export type PlaylistTheme = string;

export const PLAYLIST_CATEGORIES = [
  'property',
  'transport',
  'aircraft',
  'connection',
  'trade',
  'catering',
  'shop',
  'restaurant',
  'food',
  'beverage',
  'healthcare',
  'education',
  'culture',
  'art',
  'science',
  'finance',
  'credit',
  'insurance',
  'cloth',
  'cryptocurrency',
  'travel',
  'politics',
  'voting',
  'press',
  'event',
] as const;
export type PlaylistCategory = (typeof PLAYLIST_CATEGORIES)[number];

export const FILES_ORDERS = ['ASC', 'DESC', 'RANDOM', 'ONEOF'] as const;
export type FilesOrder = (typeof FILES_ORDERS)[number];

/** PASSIVE: screens pick the change up at their next sync; ACTIVE: they are told at once. */
export const INFLUENCES = ['PASSIVE', 'ACTIVE'] as const;
export type Influence = (typeof INFLUENCES)[number];

/** null means nothing happens when the playlist ends. */
export const ACTIONS_ON_END = ['DETACH', 'DELETE'] as const;
export type ActionOnEnd = (typeof ACTIONS_ON_END)[number];

/** The spelling is the spec's own. */
export const QUOTA_KINDS = ['QUANTUTY_PER_DAY', 'QUANTUTY_PER_PL_DURATION', 'QUANTUTY_PER_NETWORK'] as const;
export type QuotaKind = (typeof QUOTA_KINDS)[number];

/** null is Timetable (periodicity is an interval in seconds); SHOWS is Playbacks (a number of shows). */
export const SCHEDULE_MODES = ['SHOWS'] as const;
export type ScheduleMode = (typeof SCHEDULE_MODES)[number];

/** Ad suppliers of spec §3; the product's own supplier is called PRODUCT here. */
export const AD_SUPPLIERS = [
  { kind: 'MARKET', enabled: false },
  { kind: 'PRODUCT', enabled: true },
  { kind: 'ADTELLIGENT', enabled: true },
  { kind: 'ADMIXER', enabled: false },
  { kind: 'MANUAL', enabled: true },
] as const;
export type AdSupplier = (typeof AD_SUPPLIERS)[number]['kind'];
export const AD_SUPPLIER_KINDS = AD_SUPPLIERS.map((s) => s.kind) as [AdSupplier, ...AdSupplier[]];

export const SSP_MODES = ['AUCTION', 'MANUAL', 'LEFTOVER'] as const;
export type SspMode = (typeof SSP_MODES)[number];

export const EXPIRATIONS = ['ACTIVE', 'EXPIRING', 'EXPIRED'] as const;
export type Expiration = (typeof EXPIRATIONS)[number];
/** Filter values of spec §3. */
export const EXPIRATION_FILTERS = ['notexpired', 'expired', 'expiring'] as const;
export type ExpirationFilter = (typeof EXPIRATION_FILTERS)[number];

/** A playlist is 'Expiring soon' when it ends within this many days. */
export const EXPIRING_SOON_DAYS = 3;

export const PLAYLIST_DEFAULTS = {
  namePrefix: 'pl',
  periodicity: 300,
  blockDuration: 3600,
  sectionDuration: 1800,
  validityDays: 10,
  maxDuration: null,
  /** Seconds an image or page is shown when its item sets no duration. */
  itemDuration: 10,
  /** The temporary id of a playlist not saved yet (spec §4). */
  newId: -1,
} as const;

export const WEEK_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

export const PLAYLIST_MESSAGES = {
  sectionsExceedBlock: 'The sections are longer than the block',
  endBeforeStart: 'End broadcasting time must not be before the start',
  unreachable: 'This exact value cannot be reached. Please choose one of the suggested values',
  belowMinimum: 'Less than minimum quantity (once a day per screen)',
  aboveMaximum: 'More than maximum possible quantity',
  tooLong: 'Content duration is greater than max allowed',
  chooseScreens: 'Please choose screens',
  approveRequested: 'Approve requested',
  approveRequired: 'Content edit approve required',
  noTimeWindow: 'The playlist has no broadcasting time',
  maxDurationNotAllowed: 'Only the owner can set the maximum duration',
  staleChange: 'The change refers to content that no longer exists',
  tagExists: 'Tag already exists',
  fileInUse: 'File is used by a playlist',
  pixelInvalid: 'The tracking pixel must be an http:// or https:// address',
} as const;

/** The longest reason an owner may give when rejecting changes (one line). */
export const REJECT_REASON_MAX = 500;

/** The playlist's validity and status as seen on a clock showing `now` ('YYYY-MM-DD HH:mm:ss'). */
export function expirationOf(toDate: string, now: string): Expiration {
  const left = wallSeconds(toDate) - wallSeconds(now);
  if (left < 0) return 'EXPIRED';
  return left <= EXPIRING_SOON_DAYS * DAY_SECONDS ? 'EXPIRING' : 'ACTIVE';
}

// ---- new playlist ----

/** Spec §4 and §9: 'pl' plus the date, today's start to 10 days ahead at 23:59:59, every day, all day. */
export function newPlaylistDefaults(now: Date): PlaylistInput {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 0, 0, 0);
  const end = new Date(
    now.getFullYear(),
    now.getMonth(),
    now.getDate() + PLAYLIST_DEFAULTS.validityDays,
    23,
    59,
    59,
  );
  return {
    name: `${PLAYLIST_DEFAULTS.namePrefix} ${formatWall(now).slice(0, 10)}`,
    category: null,
    type: 'BACKGROUND',
    fromDate: formatWall(start),
    toDate: formatWall(end),
    weekDays: [...WEEK_DAYS],
    fromTime: '00:00:00',
    toTime: '23:59:59',
    fromTime2: null,
    toTime2: null,
    filesOrder: 'ASC',
    influence: 'PASSIVE',
    inLeftoversOnly: false,
    scheduleMode: null,
    periodicity: PLAYLIST_DEFAULTS.periodicity,
    limitationType: 'QUANTUTY_PER_DAY',
    quotas: [],
    blockDuration: PLAYLIST_DEFAULTS.blockDuration,
    sections: [
      { duration: PLAYLIST_DEFAULTS.sectionDuration, duplicate: null, order: 0, repeat: 1, files: [] },
      { duration: PLAYLIST_DEFAULTS.sectionDuration, duplicate: true, order: 1, repeat: 1, files: [] },
    ],
    files: [],
    points: [],
    nets: [],
    walls: [],
    tags: [],
    pixel: null,
    access: false,
    active: true,
    override: false,
    source: null,
    advertisingProviders: [],
    sspConnector: null,
    actionOnEnd: null,
    maxDuration: PLAYLIST_DEFAULTS.maxDuration,
    secondaryFileId: null,
    secondaryLoopDuration: null,
    noStats: false,
    theme: null,
    interval: null,
    floating: null,
    geofence: null,
  };
}
