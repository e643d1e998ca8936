import type { Module } from '../../app-types.js';
import type { AuthService } from '../auth/auth.service.js';
import { accessRoutes } from './access.routes.js';
import { AccessService, type AccessDeps } from './access.service.js';

/** Shared access: people of other cabinets let into this one, and switching between cabinets. */
export function createAccessModule(deps: AccessDeps & { auth: AuthService }) {
  const { auth, ...service } = deps;
  const access = new AccessService(service);
  return {
    services: { access },
    routes: [async (app) => accessRoutes(app, { access, auth })],
  } satisfies Module<object>;
}
