import type { Module } from '../../app-types.js';
import { playbackRoutes } from './playback.routes.js';
import { PlaybackService, type PlaybackServiceDeps } from './playback.service.js';

/** What the screens report they played, and their audience. */
export function createPlaybackModule(deps: PlaybackServiceDeps) {
  const playback = new PlaybackService(deps);
  return {
    services: { playback },
    routes: [async (app) => playbackRoutes(app, { playback })],
  } satisfies Module<object>;
}
