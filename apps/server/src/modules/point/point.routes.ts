import { z } from 'zod';
import {
  BindBody,
  BroadcastBody,
  CommandResult,
  ConnectionHour,
  IdParams,
  OkResponse,
  PHOTO_MAX_BYTES,
  Point,
  PointIdsBody,
  PointList,
  PointOverview,
  PointListQuery,
  PointLogEntry,
  PointPatch,
  PointPatchMany,
  ScreenshotInfo,
  SignedQuery,
  idSchema,
  text,
  type CommandName,
  type PermissionKey,
} from '@vitrine/core';
import type { App, RouteContext } from '../../app-types.js';
import { acceptImageBodies, imageBody } from '../../lib/image-body.js';
import { requireCaller } from '../../plugins/access.js';

const tags = ['point'];
const ok = { ok: true as const };

/** The 'send-*' commands of spec §7: path, the key it needs (spec §6) and what the player receives. */
const COMMAND_ROUTES: [string, PermissionKey, CommandName, string][] = [
  ['send-reload', 'point.reload', 'reload', 'Reload the player page'],
  ['send-update-app', 'point.reload', 'upgrade', 'Load the newest player'],
  ['send-restart-app', 'point.reload', 'restart', 'Restart the player app'],
  ['send-reboot', 'point.reboot', 'reboot', 'Reboot the device (native shell), else reload'],
  ['send-terminal', 'point.reboot', 'terminal', 'Open a terminal (native shell only)'],
];

/** Spec §7 Point calls; keys of spec §6. */
export async function pointRoutes(app: App, { services }: RouteContext): Promise<void> {
  const { points } = services;
  // Up to twice the limit is read, so a photo a little too large gets the spec's message, not a 413.
  acceptImageBodies(app, PHOTO_MAX_BYTES * 2);

  app.get(
    '/api/point',
    {
      config: { access: 'point.list' },
      schema: {
        tags,
        summary: 'Screens: search, network, status and content filters, sort; 10 per page',
        querystring: PointListQuery,
        response: { 200: PointList },
      },
    },
    async (request) => points.list(requireCaller(request), request.query),
  );

  app.get(
    '/api/point/overview',
    {
      config: { access: 'point.route' },
      schema: {
        tags,
        summary: 'Screens with their status only, for roles that may not open a screen (observer)',
        querystring: PointListQuery,
        response: { 200: PointOverview },
      },
    },
    async (request) => points.overview(requireCaller(request), request.query),
  );

  app.get(
    '/api/point/get-screenshot-url',
    {
      config: { access: 'point.screenshot' },
      schema: {
        tags,
        summary: 'The latest screenshot of a screen',
        querystring: z.strictObject({ id: idSchema }),
        response: { 200: ScreenshotInfo },
      },
    },
    async (request) => points.screenshotInfo(requireCaller(request), request.query.id),
  );

  app.get(
    '/api/point/:id',
    {
      config: { access: 'point.get' },
      schema: { tags, summary: 'One screen', params: IdParams, response: { 200: Point } },
    },
    async (request) => points.get(requireCaller(request), request.params.id),
  );

  app.get(
    '/api/point/get-log/:id',
    {
      config: { access: 'point.get' },
      schema: {
        tags,
        summary: "The player's own log, newest first, 100 a page",
        params: IdParams,
        querystring: z.strictObject({ before: idSchema.optional() }),
        response: { 200: z.array(PointLogEntry) },
      },
    },
    async (request) => points.log(requireCaller(request), request.params.id, request.query.before),
  );

  app.get(
    '/api/point/connections/:id',
    {
      config: { access: 'point.onlineStats' },
      schema: {
        tags,
        summary: 'Seconds online and disconnections per hour, last 7 days',
        params: IdParams,
        response: { 200: z.array(ConnectionHour) },
      },
    },
    async (request) => points.connectionHistory(requireCaller(request), request.params.id),
  );

  app.post(
    '/api/point/bind-by-code/:code',
    {
      config: { access: 'point.create' },
      schema: {
        tags,
        summary: "Pair the player showing this code: a new screen in the caller's cabinet",
        params: z.strictObject({ code: text(20, { min: 1 }) }),
        body: BindBody.nullish(),
        response: { 200: Point.extend({ message: z.string() }) },
      },
    },
    async (request) => points.bind(requireCaller(request), request.params.code, request.body?.name),
  );

  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/point/patch/:id',
    config: { access: 'point.patch' },
    schema: {
      tags,
      summary: 'Change a screen (reaches the player at once)',
      params: IdParams,
      body: PointPatch,
      response: { 200: Point },
    },
    handler: async (request) => points.patch(requireCaller(request), request.params.id, request.body),
  });

  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/point/patch-many',
    config: { access: 'point.patch' },
    schema: {
      tags,
      summary: 'Change several screens at once',
      body: PointPatchMany,
      response: { 200: OkResponse },
    },
    handler: async (request) => {
      await points.patchMany(requireCaller(request), request.body.ids, request.body.patch);
      return ok;
    },
  });

  app.post(
    '/api/point/photo/:id',
    {
      config: { access: 'point.patch' },
      schema: {
        tags,
        summary: 'Set the photo (PNG or JPEG body, up to 5 MB)',
        params: IdParams,
        response: { 200: Point },
      },
    },
    async (request) => points.setPhoto(requireCaller(request), request.params.id, imageBody(request)),
  );

  app.post(
    '/api/point/remove/:id',
    {
      config: { access: 'point.remove' },
      schema: {
        tags,
        summary: 'Remove a screen (its player loses its token)',
        params: IdParams,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await points.remove(requireCaller(request), [request.params.id]);
      return ok;
    },
  );

  app.post(
    '/api/point/copy/:id',
    {
      config: { access: 'point.create' },
      schema: {
        tags,
        summary: 'A new screen with the same settings, to be paired',
        params: IdParams,
        response: { 200: Point },
      },
    },
    async (request) => points.copy(requireCaller(request), request.params.id),
  );

  app.post(
    '/api/point/ajax-get-point-screen',
    {
      config: { access: 'point.screenshot' },
      schema: {
        tags,
        summary: 'Ask screens for a screenshot',
        body: PointIdsBody,
        response: { 200: CommandResult },
      },
    },
    async (request) => points.command(requireCaller(request), request.body.ids, 'screenshot'),
  );

  app.post(
    '/api/point/send-change-broadcasting-state',
    {
      config: { access: 'point.patch' },
      schema: {
        tags,
        summary: 'Stop or start broadcasting',
        body: BroadcastBody,
        response: { 200: CommandResult },
      },
    },
    async (request) => points.broadcasting(requireCaller(request), request.body.ids, request.body.stop),
  );

  app.post(
    '/api/point/send-livestream',
    {
      config: { access: 'point.stream' },
      schema: {
        tags,
        summary: "Start or stop playing the screen's camera stream URL",
        body: z.strictObject({ ids: PointIdsBody.shape.ids, start: z.boolean() }),
        response: { 200: CommandResult },
      },
    },
    async (request) =>
      points.command(
        requireCaller(request),
        request.body.ids,
        request.body.start ? 'stream-start' : 'stream-stop',
      ),
  );

  for (const [path, access, name, summary] of COMMAND_ROUTES) {
    app.post(
      `/api/point/${path}`,
      { config: { access }, schema: { tags, summary, body: PointIdsBody, response: { 200: CommandResult } } },
      async (request) => points.command(requireCaller(request), request.body.ids, name),
    );
  }

  // Signed addresses for <img>: the photo and the latest screenshot.
  for (const variant of ['photo', 'screenshot'] as const) {
    app.get(
      `/api/point/:id/${variant}`,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: `A screen's ${variant} (signed address)`,
          params: IdParams,
          querystring: SignedQuery,
        },
      },
      async (request, reply) => {
        const object = await points.signedObject(
          request.params.id,
          variant,
          request.query.exp,
          request.query.sig,
        );
        return reply
          .header('content-type', object.mime)
          .header('cache-control', 'private, max-age=60')
          .send(points.readObject(object.key));
      },
    );
  }
}
