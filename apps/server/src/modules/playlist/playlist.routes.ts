import { playlistApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { PlaylistService } from './playlist.service.js';
import { route, sendSerialised } from '../../lib/route.js';
import { requireCaller } from '../../plugins/access.js';

const ok = { ok: true as const };

/** Spec §7 Playlist and Tag-playlist calls; keys of spec §6 on each. */
export async function playlistRoutes(app: App, { playlists }: { playlists: PlaylistService }): Promise<void> {
  route(app, playlistApi.list, async (request, reply) =>
    sendSerialised(reply, JSON.stringify(await playlists.view.list(requireCaller(request), request.query))),
  );

  route(app, playlistApi.targets, async (request) =>
    playlists.targetOptions(requireCaller(request), request.query.search),
  );

  route(app, playlistApi.get, async (request) =>
    playlists.view.get(requireCaller(request), request.params.id),
  );

  route(app, playlistApi.post, async (request) => playlists.create(requireCaller(request), request.body));

  route(app, playlistApi.patch, async (request) =>
    playlists.patch(requireCaller(request), request.params.id, request.body),
  );

  route(app, playlistApi.remove, async (request) => {
    await playlists.remove(requireCaller(request), [request.params.id]);
    return ok;
  });

  route(app, playlistApi.removeMany, async (request) => {
    await playlists.remove(requireCaller(request), request.body.ids);
    return ok;
  });

  for (const [contract, withScreens] of [
    [playlistApi.copy, false],
    [playlistApi.copyWithScreens, true],
  ] as const) {
    route(app, contract, async (request) =>
      playlists.copy(requireCaller(request), request.params.id, withScreens),
    );
  }

  route(app, playlistApi.apply, async (request) => {
    await playlists.apply(requireCaller(request), request.body.playlists, request.body.points);
    return ok;
  });

  route(app, playlistApi.versions, async (request) =>
    playlists.approval.versions(requireCaller(request), request.params.id),
  );

  route(app, playlistApi.approve, async (request) =>
    playlists.approval.approve(requireCaller(request), request.params.id),
  );

  route(app, playlistApi.reject, async (request) =>
    playlists.approval.reject(requireCaller(request), request.params.id, request.body?.reason ?? null),
  );

  // ---- tags ----
  route(app, playlistApi.tagPlaylist, async (request) => playlists.tags.list(requireCaller(request)));

  route(app, playlistApi.tagPlaylistPost, async (request) =>
    playlists.tags.create(requireCaller(request), request.body),
  );

  route(app, playlistApi.tagPlaylistPatch, async (request) =>
    playlists.tags.update(requireCaller(request), request.params.id, request.body),
  );

  route(app, playlistApi.tagPlaylistDelete, async (request) => {
    await playlists.tags.remove(requireCaller(request), request.params.id);
    return ok;
  });
}
