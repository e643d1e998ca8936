import { z } from 'zod';
import {
  AUDIENCE_BATCH_MAX,
  AUDIENCE_MAX_VIEWERS,
  AUDIENCE_MESSAGES,
  PLAYBACK_BATCH_MAX,
  PLAYBACK_MAX_SECONDS,
  PLAYBACK_MESSAGES,
  isSetClock,
} from '../playback.js';
import { INT4_MAX, text } from './common.js';

const rowId = z.number().int().positive().max(INT4_MAX);
const instant = z.iso.datetime({ offset: true });

export const PlaybackEvent = z
  .strictObject({
    /** Made by the player (crypto.randomUUID()); unique per screen. */
    eventId: text(64, { trim: false }).regex(/^[A-Za-z0-9-]{8,64}$/, { error: PLAYBACK_MESSAGES.eventId }),
    fileId: rowId,
    /** Null for a file shown outside any playlist. */
    playlistId: rowId.nullable(),
    startedAt: instant.refine(isSetClock, { error: PLAYBACK_MESSAGES.tooEarly }),
    endedAt: instant,
    /** Seconds actually shown (a paused or cut show may differ from endedAt - startedAt). */
    duration: z.number().min(0).max(PLAYBACK_MAX_SECONDS),
    /** The SSP ad this show played (from the manifest's ads), so its trackers are owed once. */
    adId: rowId.optional(),
  })
  // A date that does not parse has its own message already: only a real inversion is reported here.
  .refine((e) => !(Date.parse(e.endedAt) < Date.parse(e.startedAt)), {
    path: ['endedAt'],
    error: PLAYBACK_MESSAGES.endBeforeStart,
  });
export type PlaybackEvent = z.infer<typeof PlaybackEvent>;

export const PlaybackBatch = z.strictObject({
  events: z.array(PlaybackEvent).min(1).max(PLAYBACK_BATCH_MAX),
});
export type PlaybackBatch = z.infer<typeof PlaybackBatch>;

/** The ids stored by this call or an earlier one: the player may forget exactly these. */
export const PlaybackAck = z.object({ acked: z.array(z.string()) });
export type PlaybackAck = z.infer<typeof PlaybackAck>;

/** One measured hour: any instant inside it names the hour (the server files it under the screen's local hour). */
export const AudienceSample = z.strictObject({
  hour: instant.refine(isSetClock, { error: AUDIENCE_MESSAGES.tooEarly }),
  /** People who saw one show, on average, in that hour. */
  viewers: z.number().min(0).max(AUDIENCE_MAX_VIEWERS),
});
export type AudienceSample = z.infer<typeof AudienceSample>;

export const AudienceBatch = z.strictObject({
  hours: z.array(AudienceSample).min(1).max(AUDIENCE_BATCH_MAX),
});
export type AudienceBatch = z.infer<typeof AudienceBatch>;

/** `hours`: distinct hours stored; `shows`: shows of those hours whose impressions changed. */
export const AudienceAck = z.object({ hours: z.number().int(), shows: z.number().int() });
export type AudienceAck = z.infer<typeof AudienceAck>;
