import { playbackApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { PlaybackService } from './playback.service.js';
import { route } from '../../lib/route.js';
import { requireDevice } from '../../plugins/access.js';

/**
 * Calls per screen per minute. A player sends a batch every 30 s, or back to back while it catches up
 * after a long time offline; this only stops a runaway loop.
 */
export const PLAYBACK_RATE_PER_MINUTE = 1200;

/** Audience reports per screen per minute: a screen sends its hours once an hour, or a backlog after an outage. */
export const AUDIENCE_RATE_PER_MINUTE = 60;

/** Proof of play: the screens' reports of what they showed. */
export async function playbackRoutes(app: App, { playback }: { playback: PlaybackService }): Promise<void> {
  route(
    app,
    playbackApi.playback,
    async (request) => playback.ingest(requireDevice(request), request.body.events),
    {
      config: {
        rateLimit: {
          max: PLAYBACK_RATE_PER_MINUTE,
          timeWindow: 60_000,
          // Screens behind one address (a shop's router) each get their own allowance.
          keyGenerator: (request) =>
            request.device ? `playback:${request.device.pointId}` : `playback-ip:${request.ip}`,
        },
      },
    },
  );

  route(
    app,
    playbackApi.audience,
    async (request) => playback.reportAudience(requireDevice(request), request.body.hours),
    {
      config: {
        rateLimit: {
          max: AUDIENCE_RATE_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request) =>
            request.device ? `audience:${request.device.pointId}` : `audience-ip:${request.ip}`,
        },
      },
    },
  );
}
