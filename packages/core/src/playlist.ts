import type { PlaylistInput } from './schemas/playlist.js';

/**
 * Playlists: the enumerations of spec §3, the defaults of spec §4 and §9, and the pure rules that the
 * server and the editor both apply (spec §5), so that a value the editor accepts is never refused later.
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

// ---- the tracking pixel ----

/**
 * The tracking pixel (spec §3 pixel: third-party tracking code) is an address the server calls once for
 * every show its screens report (proof of play), with these macros replaced by the show's values.
 */
export const PIXEL_MACROS = [
  'EVENT_ID',
  'SCREEN_ID',
  'SCREEN_NAME',
  'PLAYLIST_ID',
  'FILE_ID',
  'FILE_NAME',
  'STARTED_AT',
  'DURATION',
  'TIMESTAMP',
] as const;
export type PixelMacro = (typeof PIXEL_MACROS)[number];
const MACRO = new RegExp(`\\{(${PIXEL_MACROS.join('|')})\\}`, 'g');

/** The address with each macro replaced by its value, URL-encoded (unknown braces stay as they are). */
export function expandPixel(template: string, values: Record<PixelMacro, string | number>): string {
  return template.replace(MACRO, (_, name: PixelMacro) => encodeURIComponent(String(values[name])));
}

/** An http(s) address once its macros are filled in. */
export function isPixelUrl(template: string): boolean {
  try {
    const url = new URL(template.replace(MACRO, '0'));
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The longest reason an owner may give when rejecting changes (one line). */
export const REJECT_REASON_MAX = 500;

// ---- wall-clock dates and times, no time zone: the screen's clock decides when they happen ----

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})$/;
const DAY = 86400;

const pad = (n: number): string => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm:ss' as seconds since 1970 on a clock without zones; NaN when malformed. */
export function wallSeconds(value: string): number {
  const m = DATE_TIME.exec(value);
  if (!m) return NaN;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  // setUTCFullYear, unlike Date.UTC, takes years below 100 as they are.
  const check = new Date(0);
  check.setUTCFullYear(y, mo - 1, d);
  check.setUTCHours(h, mi, s, 0);
  const ms = check.getTime();
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return NaN;
  return ms / 1000;
}

/** Years a playlist may name: a screen's clock is never before 1970, and PostgreSQL stops at 294276. */
export const WALL_YEARS = { min: 1970, max: 9999 } as const;

export function isWallDateTime(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return Number.isFinite(wallSeconds(value)) && year >= WALL_YEARS.min && year <= WALL_YEARS.max;
}

/** 'HH:mm:ss' as seconds after midnight; NaN when malformed. */
export function timeSeconds(value: string): number {
  const m = TIME.exec(value);
  if (!m) return NaN;
  const [h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return h > 23 || mi > 59 || s > 59 ? NaN : h * 3600 + mi * 60 + s;
}

export function isWallTime(value: string): boolean {
  return Number.isFinite(timeSeconds(value));
}

/** Formats a Date's wall clock (its local fields) as 'YYYY-MM-DD HH:mm:ss'. */
export function formatWall(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** The playlist's validity and status as seen on a clock showing `now` ('YYYY-MM-DD HH:mm:ss'). */
export function expirationOf(toDate: string, now: string): Expiration {
  const left = wallSeconds(toDate) - wallSeconds(now);
  if (left < 0) return 'EXPIRED';
  return left <= EXPIRING_SOON_DAYS * DAY ? 'EXPIRING' : 'ACTIVE';
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

// ---- broadcasting time ----

export type Span = [number, number];

/** A window [from, to) of the day; `to` before `from` runs across midnight; 23:59:59 means the day's end. */
function windowSpans(from: string | null, to: string | null): Span[] {
  if (from === null || to === null || from === to) return [];
  const a = timeSeconds(from);
  let b = timeSeconds(to);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return [];
  if (b === DAY - 1) b = DAY;
  if (a === b) return [];
  return a < b
    ? [[a, b]]
    : [
        [a, DAY],
        [0, b],
      ];
}

export interface TimeWindows {
  fromTime: string | null;
  toTime: string | null;
  fromTime2: string | null;
  toTime2: string | null;
}

/** The seconds of a day covered by a playlist's two windows: sorted, disjoint [from, to) spans. */
export function daySpans(p: TimeWindows): Span[] {
  const spans = [...windowSpans(p.fromTime, p.toTime), ...windowSpans(p.fromTime2, p.toTime2)].sort(
    (x, y) => x[0] - y[0],
  );
  const merged: Span[] = [];
  for (const [a, b] of spans) {
    const last = merged.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}

/** Seconds of the day a playlist may play: the union of its two time windows. */
export function dailySeconds(p: TimeWindows): number {
  return daySpans(p).reduce((sum, [a, b]) => sum + b - a, 0);
}

/** Calendar days between the dates (both included) whose weekday is chosen; 0 = Sunday. */
export function activeDays(p: { fromDate: string; toDate: string; weekDays: readonly number[] }): number {
  const from = wallSeconds(p.fromDate);
  const to = wallSeconds(p.toDate);
  if (!Number.isFinite(from) || !Number.isFinite(to) || to < from) return 0;
  const first = Math.floor(from / DAY);
  const last = Math.floor(to / DAY);
  const days = new Set(p.weekDays);
  let count = 0;
  // 1970-01-01 was a Thursday (4). Bounded so that a typo in a year cannot stall the caller.
  for (let d = first; d <= last && d - first < 40000; d++) if (days.has((((d + 4) % 7) + 7) % 7)) count++;
  return count;
}

// ---- periodicity ----

export interface QuantityContext {
  /** Seconds per day the playlist may play. */
  dailySeconds: number;
  /** One show's length: the longest item, so that every item fits its slot. */
  slotSeconds: number;
  /** Days of the broadcasting period that have a chosen weekday. */
  days: number;
  /** Screens the playlist reaches (directly or through networks); at least 1 for the arithmetic. */
  screens: number;
  kind: QuotaKind;
}

/** How many shows one unit of the quantity stands for: per screen-day, per period, per network. */
function factor(ctx: QuantityContext): number {
  const days = Math.max(1, ctx.days);
  const screens = Math.max(1, ctx.screens);
  if (ctx.kind === 'QUANTUTY_PER_DAY') return 1;
  if (ctx.kind === 'QUANTUTY_PER_PL_DURATION') return days;
  return days * screens;
}

/**
 * Shows are spaced by a whole number of seconds, the same interval on every screen and day, so a screen
 * plays floor(daily seconds / interval) shows a day. The quantities that can be met exactly are those
 * counts times the days (and screens) the quantity covers. Sorted ascending, without repeats.
 */
export function reachableQuantities(ctx: QuantityContext): number[] {
  const daily = Math.floor(ctx.dailySeconds);
  const slot = Math.max(1, Math.ceil(ctx.slotSeconds));
  if (daily < slot) return [];
  const perDay = new Set<number>();
  // floor(daily / i) takes O(sqrt(daily)) distinct values; jump straight to the next change.
  for (let i = slot; i <= daily;) {
    const q = Math.floor(daily / i);
    perDay.add(q);
    i = Math.floor(daily / q) + 1;
  }
  const f = factor(ctx);
  return [...perDay].map((q) => q * f).sort((a, b) => a - b);
}

export interface QuantityProblem {
  message: string;
  /** For an unreachable value: the nearest values that can be met. */
  suggestions: number[];
}

/** Spec §5: below once a day per screen, above the maximum, or not exactly reachable. */
export function checkQuantity(quantity: number, ctx: QuantityContext): QuantityProblem | null {
  const reachable = reachableQuantities(ctx);
  const min = factor(ctx);
  const max = reachable.at(-1) ?? 0;
  if (quantity > max) return { message: PLAYLIST_MESSAGES.aboveMaximum, suggestions: max ? [max] : [] };
  if (quantity < min) return { message: PLAYLIST_MESSAGES.belowMinimum, suggestions: [min] };
  if (reachable.includes(quantity)) return null;
  // The nearest value on each side always, then the next nearest, five in all.
  const below = reachable.filter((q) => q < quantity).at(-1);
  const above = reachable.find((q) => q > quantity);
  const nearest = [below, above].filter((q): q is number => q !== undefined);
  const rest = reachable
    .filter((q) => !nearest.includes(q))
    .sort((a, b) => Math.abs(a - quantity) - Math.abs(b - quantity) || a - b);
  const suggestions = [...nearest, ...rest].slice(0, 5).sort((a, b) => a - b);
  return { message: PLAYLIST_MESSAGES.unreachable, suggestions };
}

/** Timetable mode: an interval shorter than one show is more than possible; longer than the day, too few. */
export function checkInterval(seconds: number, ctx: Pick<QuantityContext, 'dailySeconds' | 'slotSeconds'>) {
  if (seconds < Math.ceil(ctx.slotSeconds)) return PLAYLIST_MESSAGES.aboveMaximum;
  if (seconds > ctx.dailySeconds) return PLAYLIST_MESSAGES.belowMinimum;
  return null;
}

// ---- the whole playlist ----

export interface PlaylistItemRule {
  fileId: number;
  duration: number | null;
}

export interface PlaylistRulesInput {
  type: PlaylistType;
  fromDate: string;
  toDate: string;
  weekDays: readonly number[];
  fromTime: string | null;
  toTime: string | null;
  fromTime2: string | null;
  toTime2: string | null;
  scheduleMode: ScheduleMode | null;
  periodicity: number;
  limitationType: QuotaKind;
  blockDuration: number;
  sections: { duration: number; files: PlaylistItemRule[] }[];
  files: PlaylistItemRule[];
  maxDuration: number | null;
}

export interface PlaylistRulesContext {
  /** The media's own duration (video, audio, remote) or null (image, page): by file id. */
  mediaDuration: (fileId: number) => number | null | undefined;
  /** Screens reached by the playlist's targets. */
  screens: number;
}

export interface PlaylistProblems {
  /** Field path -> message, for the form. */
  fields: Record<string, string>;
  suggestions: number[];
}

/** How long an item plays: the media's own length, else the item's, else the default. */
export function itemSeconds(
  item: PlaylistItemRule,
  mediaDuration: number | null | undefined,
  /** The file's configured duration (spec §3 File: config), the most specific of its scopes. */
  configured?: number | null,
): number {
  return mediaDuration ?? item.duration ?? configured ?? PLAYLIST_DEFAULTS.itemDuration;
}

/** The items that play for the playlist's type: a block's sections, else its own files. */
export function contentItems(p: Pick<PlaylistRulesInput, 'type' | 'files' | 'sections'>): PlaylistItemRule[] {
  return p.type === 'BLOCK' ? p.sections.flatMap((s) => s.files) : p.files;
}

/** Every content item stored with the playlist, both kinds (switching the type back loses nothing). */
export function allItems(p: Pick<PlaylistRulesInput, 'files' | 'sections'>): PlaylistItemRule[] {
  return [...p.files, ...p.sections.flatMap((s) => s.files)];
}

/** Spec §5 rules over a whole playlist; an empty `fields` means it may be saved. */
export function checkPlaylist(p: PlaylistRulesInput, ctx: PlaylistRulesContext): PlaylistProblems {
  const fields: Record<string, string> = {};
  let suggestions: number[] = [];
  if (wallSeconds(p.toDate) < wallSeconds(p.fromDate)) fields.toDate = PLAYLIST_MESSAGES.endBeforeStart;

  const daily = dailySeconds(p);
  if (daily === 0) fields.fromTime = PLAYLIST_MESSAGES.noTimeWindow;

  const items = contentItems(p);
  const lengths = items.map((item) => itemSeconds(item, ctx.mediaDuration(item.fileId)));
  if (p.maxDuration !== null) {
    const index = lengths.findIndex((s) => s > p.maxDuration!);
    if (index >= 0) fields.files = PLAYLIST_MESSAGES.tooLong;
  }

  if (p.type === 'BLOCK') {
    const total = p.sections.reduce((sum, s) => sum + s.duration, 0);
    if (total > p.blockDuration) fields.sections = PLAYLIST_MESSAGES.sectionsExceedBlock;
  }

  if (p.type === 'ADVERTISING' && daily > 0 && !fields.toDate) {
    const slotSeconds = Math.max(1, ...lengths);
    if (p.scheduleMode === 'SHOWS') {
      const problem = checkQuantity(p.periodicity, {
        dailySeconds: daily,
        slotSeconds,
        days: activeDays(p),
        screens: ctx.screens,
        kind: p.limitationType,
      });
      if (problem) {
        fields.periodicity = problem.message;
        suggestions = problem.suggestions;
      }
    } else {
      const message = checkInterval(p.periodicity, { dailySeconds: daily, slotSeconds });
      if (message) fields.periodicity = message;
    }
  }
  return { fields, suggestions };
}
