import { AudienceAck, AudienceBatch, PlaybackAck, PlaybackBatch } from '../schemas/playback.js';
import { defineRoute, defineRoutes } from './route.js';

/** The playback routes (spec §7): path, method, access key, input and answer. */
export const playbackApi = defineRoutes({
  playback: defineRoute({
    method: 'POST',
    path: '/api/player/playback',
    access: 'device',
    summary:
      'Proof of play: up to 1000 shows; answers the ids stored now or before (a resent batch is stored once)',
    tags: ['player'],
    body: PlaybackBatch,
    response: PlaybackAck,
  }),
  audience: defineRoute({
    method: 'POST',
    path: '/api/player/audience',
    access: 'device',
    summary:
      'Audience the screen measured per hour of its clock (people per show); impressions of those hours follow it',
    tags: ['player'],
    body: AudienceBatch,
    response: AudienceAck,
  }),
});
