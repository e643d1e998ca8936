import type { Module } from '../../app-types.js';
import { studioRoutes } from './studio.routes.js';
import { StudioService, type StudioServiceDeps } from './studio.service.js';

/** The studio: widgets and creations drawn in the editor, published into the media library. */
export function createStudioModule(deps: StudioServiceDeps) {
  const studio = new StudioService(deps);
  return {
    services: { studio },
    routes: [async (app) => studioRoutes(app, { studio })],
  } satisfies Module<object>;
}
