import { z } from 'zod';
import {
  ApplyBody,
  IdParams,
  IdsBody,
  OkResponse,
  Playlist,
  PlaylistList,
  PlaylistListQuery,
  PlaylistPatch,
  PlaylistSaved,
  PlaylistTag,
  PlaylistTagInput,
  PlaylistTagList,
  PlaylistTagPatch,
  PlaylistVersions,
  RejectBody,
  TargetOption,
  text,
} from '@vitrine/core';
import type { App, RouteContext } from '../../app-types.js';
import { requireCaller } from '../../plugins/access.js';

const tags = ['playlist'];
const ok = { ok: true as const };

/** Spec §7 Playlist and Tag-playlist calls; keys of spec §6 on each. */
export async function playlistRoutes(app: App, { services }: RouteContext): Promise<void> {
  const { playlists } = services;

  app.get(
    '/api/playlist',
    {
      config: { access: 'playlist.list' },
      schema: {
        tags,
        summary: 'Playlists: search, filters, sort and pages',
        querystring: PlaylistListQuery,
        response: { 200: PlaylistList },
      },
    },
    async (request) => playlists.list(requireCaller(request), request.query),
  );

  app.get(
    '/api/playlist/targets',
    {
      config: { access: 'playlist.patch' },
      schema: {
        tags,
        summary: 'Screens and networks a playlist can target, by name',
        querystring: z.strictObject({ search: text(200).optional() }),
        response: { 200: z.object({ points: z.array(TargetOption), nets: z.array(TargetOption) }) },
      },
    },
    async (request) => playlists.targetOptions(requireCaller(request), request.query.search),
  );

  app.get(
    '/api/playlist/:id',
    {
      config: { access: 'playlist.get' },
      schema: { tags, summary: 'One playlist', params: IdParams, response: { 200: Playlist } },
    },
    async (request) => playlists.get(requireCaller(request), request.params.id),
  );

  app.post(
    '/api/playlist/post',
    {
      config: { access: 'playlist.create' },
      schema: {
        tags,
        summary: 'Create a playlist; omitted fields take the new-playlist defaults',
        body: PlaylistPatch,
        response: { 200: PlaylistSaved },
      },
    },
    async (request) => playlists.create(requireCaller(request), request.body),
  );

  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/playlist/patch/:id',
    config: { access: 'playlist.patch' },
    schema: {
      tags,
      summary: 'Change a playlist (kept for approval when the cabinet asks for it)',
      params: IdParams,
      body: PlaylistPatch,
      response: { 200: PlaylistSaved },
    },
    handler: async (request) => playlists.patch(requireCaller(request), request.params.id, request.body),
  });

  app.post(
    '/api/playlist/remove/:id',
    {
      config: { access: 'playlist.remove' },
      schema: { tags, summary: 'Remove a playlist', params: IdParams, response: { 200: OkResponse } },
    },
    async (request) => {
      await playlists.remove(requireCaller(request), [request.params.id]);
      return ok;
    },
  );

  app.post(
    '/api/playlist/remove-many',
    {
      config: { access: 'playlist.remove' },
      schema: { tags, summary: 'Remove playlists', body: IdsBody, response: { 200: OkResponse } },
    },
    async (request) => {
      await playlists.remove(requireCaller(request), request.body.ids);
      return ok;
    },
  );

  for (const [path, withScreens] of [
    ['copy', false],
    ['copy-with-screens', true],
  ] as const) {
    app.post(
      `/api/playlist/${path}/:id`,
      {
        config: { access: 'playlist.create' },
        schema: {
          tags,
          summary: withScreens ? 'Copy a playlist with its screens' : 'Copy a playlist without screens',
          params: IdParams,
          response: { 200: PlaylistSaved },
        },
      },
      async (request) => playlists.copy(requireCaller(request), request.params.id, withScreens),
    );
  }

  app.post(
    '/api/playlist/apply',
    {
      config: { access: 'playlist.patch' },
      schema: {
        tags,
        summary: 'Add chosen screens to playlists in bulk',
        body: ApplyBody,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await playlists.apply(requireCaller(request), request.body.playlists, request.body.points);
      return ok;
    },
  );

  app.get(
    '/api/playlist/versions/:id',
    {
      // Authors (content managers, agents) read their own waiting version; the owner reads the diff.
      config: { access: 'playlist.patch' },
      schema: {
        tags,
        summary:
          'The approved version, the version approving would write, the caller’s own waiting version, who asked, and the caller’s rejection',
        params: IdParams,
        response: { 200: PlaylistVersions },
      },
    },
    async (request) => playlists.versions(requireCaller(request), request.params.id),
  );

  app.post(
    '/api/playlist/approve/:id',
    {
      // The owner approves (spec §4): roles.ts ABILITIES.
      config: { access: 'playlist.approve' },
      schema: {
        tags,
        summary: 'Approve a playlist and its waiting changes (owner)',
        params: IdParams,
        response: { 200: Playlist },
      },
    },
    async (request) => playlists.approve(requireCaller(request), request.params.id),
  );

  app.post(
    '/api/playlist/reject/:id',
    {
      config: { access: 'playlist.approve' },
      schema: {
        tags,
        summary:
          'Reject the waiting changes with an optional reason their authors see, or a new playlist never approved (owner)',
        params: IdParams,
        body: RejectBody.nullish(),
        // A rejected new playlist is removed: null.
        response: { 200: Playlist.nullable() },
      },
    },
    async (request) =>
      playlists.reject(requireCaller(request), request.params.id, request.body?.reason ?? null),
  );

  // ---- tags ----
  app.get(
    '/api/tag-playlist',
    {
      config: { access: 'playlist.list' },
      schema: { tags, summary: 'Playlist tags', response: { 200: PlaylistTagList } },
    },
    async (request) => playlists.listTags(requireCaller(request)),
  );

  app.post(
    '/api/tag-playlist/post',
    {
      config: { access: 'playlist.patch' },
      schema: { tags, summary: 'Create a tag', body: PlaylistTagInput, response: { 200: PlaylistTag } },
    },
    async (request) => playlists.createTag(requireCaller(request), request.body),
  );

  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/tag-playlist/patch/:id',
    config: { access: 'playlist.patch' },
    schema: {
      tags,
      summary: 'Rename or recolour a tag',
      params: IdParams,
      body: PlaylistTagPatch,
      response: { 200: PlaylistTag },
    },
    handler: async (request) => playlists.updateTag(requireCaller(request), request.params.id, request.body),
  });

  app.route({
    method: ['POST', 'DELETE'],
    url: '/api/tag-playlist/delete/:id',
    config: { access: 'playlist.patch' },
    schema: { tags, summary: 'Remove a tag', params: IdParams, response: { 200: OkResponse } },
    handler: async (request) => {
      await playlists.removeTag(requireCaller(request), request.params.id);
      return ok;
    },
  });
}
