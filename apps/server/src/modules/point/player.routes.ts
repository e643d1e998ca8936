import { PHOTO_MAX_BYTES, playerApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { Config } from '../../config.js';
import type { PairingService } from './pairing.service.js';
import type { PointService } from './point.service.js';
import { route, socketRoute } from '../../lib/route.js';
import { acceptImageBodies, imageBody } from '../../lib/image-body.js';
import { requireDevice } from '../../plugins/access.js';

/**
 * The player's calls. Pairing is public and rate-limited; everything else takes the screen's device token
 * and acts on that screen only.
 */
export interface PlayerRoutesDeps {
  points: PointService;
  pairing: PairingService;
  config: Pick<Config, 'pairingRate'>;
}

export async function playerRoutes(app: App, { points, pairing, config }: PlayerRoutesDeps): Promise<void> {
  acceptImageBodies(app, PHOTO_MAX_BYTES);

  route(app, playerApi.pair, async (request) => pairing.pair(request.body.deviceKey), {
    config: { rateLimit: { max: config.pairingRate * 3, timeWindow: 60_000 } },
  });

  route(app, playerApi.claim, async (request) => pairing.claim(request.body.deviceKey, request.body.code), {
    config: { rateLimit: { max: 120, timeWindow: 60_000 } },
  });

  route(app, playerApi.manifest, async (request) => points.manifest(requireDevice(request)));

  route(app, playerApi.screenshot, async (request) => {
    await points.pictures.saveScreenshot(requireDevice(request), imageBody(request));
    return { ok: true as const };
  });

  route(app, playerApi.log, async (request) => {
    await points.appendLog(requireDevice(request), request.body.entries);
    return { ok: true as const };
  });

  socketRoute(app, playerApi.ws, (socket, request) => {
    void points.connect(requireDevice(request), socket);
  });
}
