import { AudienceAck, AudienceBatch, PLAYBACK_BODY_LIMIT, PlaybackAck, PlaybackBatch } from '@vitrine/core';
import type { App, RouteContext } from '../../app-types.js';
import { requireDevice } from '../../plugins/access.js';

/**
 * Calls per screen per minute. A player sends a batch every 30 s, or back to back while it catches up
 * after a long time offline; this only stops a runaway loop.
 */
export const PLAYBACK_RATE_PER_MINUTE = 1200;

/** Audience reports per screen per minute: a screen sends its hours once an hour, or a backlog after an outage. */
export const AUDIENCE_RATE_PER_MINUTE = 60;

/** Proof of play: the screens' reports of what they showed. */
export async function playbackRoutes(app: App, { services }: RouteContext): Promise<void> {
  app.post(
    '/api/player/playback',
    {
      bodyLimit: PLAYBACK_BODY_LIMIT,
      config: {
        access: 'device',
        rateLimit: {
          max: PLAYBACK_RATE_PER_MINUTE,
          timeWindow: 60_000,
          // Screens behind one address (a shop's router) each get their own allowance.
          keyGenerator: (request) =>
            request.device ? `playback:${request.device.pointId}` : `playback-ip:${request.ip}`,
        },
      },
      schema: {
        tags: ['player'],
        summary:
          'Proof of play: up to 1000 shows; answers the ids stored now or before (a resent batch is stored once)',
        body: PlaybackBatch,
        response: { 200: PlaybackAck },
      },
    },
    async (request) => services.playback.ingest(requireDevice(request), request.body.events),
  );

  app.post(
    '/api/player/audience',
    {
      config: {
        access: 'device',
        rateLimit: {
          max: AUDIENCE_RATE_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request) =>
            request.device ? `audience:${request.device.pointId}` : `audience-ip:${request.ip}`,
        },
      },
      schema: {
        tags: ['player'],
        summary:
          'Audience the screen measured per hour of its clock (people per show); impressions of those hours follow it',
        body: AudienceBatch,
        response: { 200: AudienceAck },
      },
    },
    async (request) => services.playback.reportAudience(requireDevice(request), request.body.hours),
  );
}
