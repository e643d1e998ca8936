import type { Module } from '../../app-types.js';
import type { Config } from '../../config.js';
import type { PlayerBuilds } from '../downloads/player-builds.service.js';
import { brandRoutes } from './brand.routes.js';
import { tilesRoutes } from './tiles.routes.js';

/** What the installation shows before anyone signs in: its brand, and its offline map tiles. */
export function createSystemModule(deps: {
  config: Pick<Config, 'brandConfig' | 'tilesDir'>;
  playerBuilds: PlayerBuilds;
}): Module<object> {
  const { brandConfig, tilesDir } = deps.config;
  return {
    services: {},
    routes: [
      async (app) => brandRoutes(app, { brandConfig, playerBuilds: deps.playerBuilds }),
      async (app) => tilesRoutes(app, tilesDir ? { tilesDir } : {}),
    ],
  };
}
