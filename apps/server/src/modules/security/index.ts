import type { Module } from '../../app-types.js';
import { securityRoutes } from './security.routes.js';
import { TwoFaService, type TwoFaDeps } from './twofa.service.js';

/** Two-factor sign-in: its setup, its second step, and the cabinet's requirement. */
export function createSecurityModule(deps: TwoFaDeps) {
  const twofa = new TwoFaService(deps);
  return {
    services: { twofa },
    routes: [async (app) => securityRoutes(app, { twofa })],
  } satisfies Module<object>;
}
