import { oidcApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { Config } from '../../config.js';
import type { OidcService } from './oidc.service.js';
import { route } from '../../lib/route.js';
import { requireCaller } from '../../plugins/access.js';
import { clientMeta } from '../auth/auth.routes.js';

/** External sign-in (spec §7): thin, the rules are OidcService's. */
export async function oidcRoutes(
  app: App,
  { oidc, config }: { oidc: OidcService; config: Pick<Config, 'publicFormRate'> },
): Promise<void> {
  const limited = { config: { rateLimit: { max: config.publicFormRate, timeWindow: '1 minute' } } };

  route(app, oidcApi.provider, async () => ({ name: oidc.name, registration: oidc.registration }));

  route(app, oidcApi.identity, async (request) => oidc.identity(requireCaller(request)));

  route(app, oidcApi.unlink, async (request) => {
    await oidc.unlink(requireCaller(request));
    return { ok: true as const };
  });

  route(app, oidcApi.start, async () => oidc.start(), limited);

  route(app, oidcApi.link, async (request) => oidc.start(requireCaller(request)));

  route(app, oidcApi.callback, async (request) => oidc.callback(request.body, clientMeta(request)), limited);
}
