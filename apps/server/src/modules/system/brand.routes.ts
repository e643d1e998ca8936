import { brandApi } from '@vitrine/core';
import type { App, RouteContext } from '../../app-types.js';
import { route } from '../../lib/route.js';

/**
 * The brand this deployment runs: title, logo, slogan and endpoints, before anyone signs in; the player
 * downloads are the built ones (docs/players.md) unless an address is configured for the platform.
 */
export async function brandRoutes(app: App, { config, services }: RouteContext): Promise<void> {
  route(app, brandApi.get, async () => ({
    ...config.brandConfig,
    ...(await services.playerBuilds.brand(config.brandConfig)),
  }));
}
