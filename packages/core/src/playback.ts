/**
 * Proof of play: what a screen reports after it showed a file. The player makes the event id (a UUID) when
 * the show ends and keeps the event until the server acknowledges it, so a batch may arrive more than once;
 * the server stores each (screen, eventId) once.
 */

/** Most events in one POST /api/player/playback. */
export const PLAYBACK_BATCH_MAX = 1000;
/** The batch size the player sends. */
export const PLAYBACK_BATCH_SIZE = 200;
/** Longest show an event may report (seconds). */
export const PLAYBACK_MAX_SECONDS = 86400;
/** A batch with a show starting further than this ahead of the server's clock is refused (seconds). */
export const PLAYBACK_FUTURE_SECONDS = 86400;
/** Shows before this are a screen whose clock was never set. */
export const PLAYBACK_EARLIEST = '2000-01-01T00:00:00Z';
/**
 * The body limit of the ingest call: 1000 events with the longest ids and dates fit about four times over,
 * whatever BODY_LIMIT the rest of the API has.
 */
export const PLAYBACK_BODY_LIMIT = 1024 * 1024;
/** Where the ingest call stores an event's source until the SSP connector sets others (spec: auction, manual, leftover). */
export const PLAYBACK_DEFAULT_SOURCE = 'manual';

export const PLAYBACK_MESSAGES = {
  eventId: 'eventId must be 8 to 64 letters, digits or dashes',
  endBeforeStart: 'endedAt must not be before startedAt',
  tooEarly: 'startedAt is before 2000: the screen clock is not set',
  future: 'startedAt is more than a day ahead of the server clock: check the screen clock',
} as const;

/**
 * Audience a screen measured (a people counter, a camera's anonymous count, a sensor wired to the native
 * shell): people who saw one show, on average, per hour of the screen's clock. It replaces the screen's
 * audience setting for that hour in the impressions of every show the screen started in it, and a later
 * report of the same hour replaces the earlier one.
 */
/** Most hours in one POST /api/player/audience: 31 days. */
export const AUDIENCE_BATCH_MAX = 744;
/** The largest audience of one show an hour may report (as the screen's own audience setting). */
export const AUDIENCE_MAX_VIEWERS = 1_000_000;

export const AUDIENCE_MESSAGES = {
  future: 'hour is more than a day ahead of the server clock: check the screen clock',
  tooEarly: 'hour is before 2000: the screen clock is not set',
} as const;

// ---- what the player checks before it queues, and the server's schemas refuse alike ----

const EARLIEST_MS = Date.parse(PLAYBACK_EARLIEST);

/** A row id: a positive PostgreSQL integer. */
export const isRowId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2147483647;

/** An instant a set clock can read: parses, and is not before 2000. */
export const isSetClock = (instant: string): boolean => Date.parse(instant) >= EARLIEST_MS;

/** Why a proof-of-play event would be refused (in the server's words), or null when it is good. */
export function proofEventProblem(event: {
  fileId: unknown;
  playlistId: unknown;
  startedAt: string;
  endedAt: string;
  duration: number;
}): string | null {
  const start = Date.parse(event.startedAt);
  const end = Date.parse(event.endedAt);
  if (!isRowId(event.fileId)) return 'fileId must be a positive integer';
  if (event.playlistId !== null && !isRowId(event.playlistId))
    return 'playlistId must be a positive integer or null';
  if (!Number.isFinite(start) || !Number.isFinite(end)) return 'startedAt and endedAt must be dates';
  if (start < EARLIEST_MS) return PLAYBACK_MESSAGES.tooEarly;
  if (end < start) return PLAYBACK_MESSAGES.endBeforeStart;
  if (!(event.duration >= 0 && event.duration <= PLAYBACK_MAX_SECONDS))
    return `duration must be 0 to ${PLAYBACK_MAX_SECONDS} seconds`;
  return null;
}

/**
 * A measured hour as the server takes it (the hour as an ISO instant in UTC), or null when it is not one:
 * not a date, before 2000, more than a day ahead of `now`, or viewers out of range.
 */
export function audienceSampleOf(item: unknown, now: number): { hour: string; viewers: number } | null {
  if (typeof item !== 'object' || item === null) return null;
  const { hour, viewers } = item as { hour?: unknown; viewers?: unknown };
  if (typeof hour !== 'string' || typeof viewers !== 'number') return null;
  const at = Date.parse(hour);
  if (!Number.isFinite(at) || at < EARLIEST_MS || at > now + PLAYBACK_FUTURE_SECONDS * 1000) return null;
  if (!Number.isFinite(viewers) || viewers < 0 || viewers > AUDIENCE_MAX_VIEWERS) return null;
  return { hour: new Date(at).toISOString(), viewers };
}
