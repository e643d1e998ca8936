import type { Module } from '../../app-types.js';
import { wallRoutes } from './wall.routes.js';
import { WallService, type WallServiceDeps } from './wall.service.js';

/** Video walls: screens laid out as one picture, playing one timeline. */
export function createWallModule(deps: WallServiceDeps) {
  const walls = new WallService(deps);
  return {
    services: { walls },
    routes: [async (app) => wallRoutes(app, { walls })],
  } satisfies Module<object>;
}
