import type { Module } from '../../app-types.js';
import type { Config } from '../../config.js';
import { oidcRoutes } from './oidc.routes.js';
import { OidcService, type OidcDeps } from './oidc.service.js';

/** External sign-in with an OpenID Connect provider, when one is configured. */
export function createOidcModule(deps: OidcDeps & { publicFormRate: Config['publicFormRate'] }) {
  const { publicFormRate, ...service } = deps;
  const oidc = new OidcService(service);
  return {
    services: { oidc },
    routes: [async (app) => oidcRoutes(app, { oidc, config: { publicFormRate } })],
  } satisfies Module<object>;
}
