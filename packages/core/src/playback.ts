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
