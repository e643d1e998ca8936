import type { Module } from '../../app-types.js';
import type { Config } from '../../config.js';
import type { CabinetId } from '../../db/cabinet-id.js';
import { ContentSync } from './content-sync.js';
import type { DeviceTokens } from './device-tokens.js';
import { netRoutes } from './net.routes.js';
import { PlaylistDelta } from './playlist-delta.js';
import { NetService } from './net.service.js';
import { PairingService, type PairingServiceDeps } from './pairing.service.js';
import { playerRoutes } from './player.routes.js';
import { pointRoutes } from './point.routes.js';
import { PointService, type PointServiceDeps } from './point.service.js';

export interface PointModuleDeps extends Omit<PointServiceDeps, 'sync' | 'clock'> {
  throttle: PairingServiceDeps['throttle'];
  /** Which screen a device token belongs to, kept in memory (device-tokens.ts). */
  devices: DeviceTokens;
  config: Pick<Config, 'bindFailures' | 'pairingRate'>;
  /** From when a cabinet's screens show the neutral slide (billing's lock). */
  neutralFrom: (cabinetId: CabinetId) => Promise<string | null>;
}

/** Screens and networks, pairing, the players' calls, and each screen's content sync. */
export function createPointModule(deps: PointModuleDeps) {
  const { repos, transact, fleet, devices, schedule, addScreen, config } = deps;
  // Each screen's current content, worked out whenever what it plays may change.
  const sync = new ContentSync({ repos, schedule, fleet, neutralFrom: deps.neutralFrom });
  const points = new PointService({ ...deps, sync });
  const nets = new NetService({ repos, transact, sync });
  const pairing = new PairingService({
    repos,
    addScreen,
    throttle: deps.throttle,
    bindFailures: config.bindFailures,
    points,
    devices,
  });
  const module = {
    services: { points, nets, pairing, deviceTokens: devices },
    routes: [
      async (app) => pointRoutes(app, { points, pairing }),
      async (app) => netRoutes(app, { nets }),
      async (app) => playerRoutes(app, { points, pairing, config }),
    ],
  } satisfies Module<object>;
  // A playlist saved alone moves its screens' versions by its own contribution (playlist-delta.ts).
  return { ...module, sync, beginPlaylistDelta: PlaylistDelta.begin };
}
