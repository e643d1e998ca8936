import type { Log, Module } from '../../app-types.js';
import { downloadsRoutes } from './downloads.routes.js';
import { PlayerBuilds } from './player-builds.service.js';

/** The native players built into PLAYERS_DIR (docs/players.md), and their downloads. */
export function createDownloadsModule(deps: { playersDir: string; log: Log }) {
  const playerBuilds = new PlayerBuilds(deps.playersDir, deps.log);
  return {
    services: { playerBuilds },
    routes: [async (app) => downloadsRoutes(app, { playerBuilds })],
  } satisfies Module<object>;
}
