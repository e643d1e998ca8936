import { brandApi } from '@vitrine/core';
import type { App, RouteContext } from '../../app-types.js';
import { route } from '../../lib/route.js';

/** The brand this deployment runs: title, logo, slogan and endpoints, before anyone signs in. */
export async function brandRoutes(app: App, { config }: RouteContext): Promise<void> {
  route(app, brandApi.get, async () => config.brandConfig);
}
