import { brandApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { Config } from '../../config.js';
import type { PlayerBuilds } from '../downloads/player-builds.service.js';
import { route } from '../../lib/route.js';

/**
 * The brand this deployment runs: title, logo, slogan and endpoints, before anyone signs in; the player
 * downloads are the built ones (docs/players.md) unless an address is configured for the platform.
 */
export async function brandRoutes(
  app: App,
  { brandConfig, playerBuilds }: { brandConfig: Config['brandConfig']; playerBuilds: PlayerBuilds },
): Promise<void> {
  route(app, brandApi.get, async () => ({
    ...brandConfig,
    ...(await playerBuilds.brand(brandConfig)),
  }));
}
