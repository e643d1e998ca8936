import type { Module } from '../../app-types.js';
import { playlistRoutes } from './playlist.routes.js';
import { PlaylistService, type PlaylistServiceDeps } from './playlist.service.js';

/** Playlists: their items, approval and end of validity, and the screens they reach. */
export function createPlaylistModule(deps: PlaylistServiceDeps) {
  const playlists = new PlaylistService(deps);
  return {
    services: { playlists },
    routes: [async (app) => playlistRoutes(app, { playlists })],
  } satisfies Module<object>;
}
