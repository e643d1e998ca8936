/**
 * The pure rules of spec §5 that the server and the editor both apply to a playlist, so that a value the
 * editor accepts is never refused later: how often an advertising playlist can play, and the whole form.
 */
import { activeDays, dailySeconds } from './broadcast-time.js';
import {
  PLAYLIST_DEFAULTS,
  PLAYLIST_MESSAGES,
  type PlaylistType,
  type QuotaKind,
  type ScheduleMode,
} from './playlist.js';
import { wallSeconds } from './wall-time.js';

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
