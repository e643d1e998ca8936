import { PHOTO_MAX_BYTES, type CommandName, type RouteContract, pointApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { PairingService } from './pairing.service.js';
import type { PointService } from './point.service.js';
import { route } from '../../lib/route.js';
import { acceptImageBodies, imageBody } from '../../lib/image-body.js';
import { requireCaller } from '../../plugins/access.js';

const ok = { ok: true as const };

/** The 'send-*' commands of spec §7 and what the player receives. */
const COMMAND_ROUTES = [
  [pointApi.sendReload, 'reload'],
  [pointApi.sendUpdateApp, 'upgrade'],
  [pointApi.sendRestartApp, 'restart'],
  [pointApi.sendReboot, 'reboot'],
  [pointApi.sendTerminal, 'terminal'],
] as const satisfies readonly (readonly [RouteContract, CommandName])[];

/** Spec §7 Point calls; keys of spec §6. */
export async function pointRoutes(
  app: App,
  { points, pairing }: { points: PointService; pairing: PairingService },
): Promise<void> {
  // Up to twice the limit is read, so a photo a little too large gets the spec's message, not a 413.
  acceptImageBodies(app, PHOTO_MAX_BYTES * 2);

  route(app, pointApi.list, async (request) => points.list(requireCaller(request), request.query));

  route(app, pointApi.overview, async (request) => points.overview(requireCaller(request), request.query));

  route(app, pointApi.getScreenshotUrl, async (request) =>
    points.pictures.screenshotInfo(requireCaller(request), request.query.id),
  );

  route(app, pointApi.get, async (request) => points.get(requireCaller(request), request.params.id));

  route(app, pointApi.getLog, async (request) =>
    points.log(requireCaller(request), request.params.id, request.query.before),
  );

  route(app, pointApi.connections, async (request) =>
    points.connectionHistory(requireCaller(request), request.params.id),
  );

  route(app, pointApi.bindByCode, async (request) =>
    pairing.bind(requireCaller(request), request.params.code, request.body ?? {}),
  );

  route(app, pointApi.patch, async (request) =>
    points.patch(requireCaller(request), request.params.id, request.body),
  );

  route(app, pointApi.patchMany, async (request) => {
    await points.patchMany(requireCaller(request), request.body.ids, request.body.patch);
    return ok;
  });

  route(app, pointApi.photo, async (request) =>
    points.pictures.setPhoto(requireCaller(request), request.params.id, imageBody(request)),
  );

  route(app, pointApi.remove, async (request) => {
    await points.remove(requireCaller(request), [request.params.id]);
    return ok;
  });

  route(app, pointApi.post, async (request) => points.create(requireCaller(request), request.body));

  route(app, pointApi.playerManifest, async (request) =>
    points.previewManifest(requireCaller(request), request.params.id),
  );

  route(app, pointApi.copy, async (request) => points.copy(requireCaller(request), request.params.id));

  route(app, pointApi.ajaxGetPointScreen, async (request) =>
    points.commands.command(requireCaller(request), request.body.ids, 'screenshot'),
  );

  route(app, pointApi.sendChangeBroadcastingState, async (request) =>
    points.commands.broadcasting(requireCaller(request), request.body.ids, request.body.stop),
  );

  route(app, pointApi.sendLivestream, async (request) =>
    points.commands.command(
      requireCaller(request),
      request.body.ids,
      request.body.start ? 'stream-start' : 'stream-stop',
    ),
  );

  for (const [contract, name] of COMMAND_ROUTES) {
    route(app, contract, async (request) =>
      points.commands.command(requireCaller(request), request.body.ids, name),
    );
  }

  // Signed addresses for <img>: the photo and the latest screenshot.
  for (const [contract, variant] of [
    [pointApi.photoImage, 'photo'],
    [pointApi.screenshotImage, 'screenshot'],
  ] as const) {
    route(app, contract, async (request, reply) => {
      const object = await points.pictures.signedObject(
        request.params.id,
        variant,
        request.query.exp,
        request.query.sig,
      );
      return reply
        .header('content-type', object.mime)
        .header('cache-control', 'private, max-age=60')
        .send(points.pictures.readObject(object.key));
    });
  }
}
