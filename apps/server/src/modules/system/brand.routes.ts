import { BrandConfigSchema } from '@vitrine/core';
import type { App, RouteContext } from '../../app-types.js';

/** The brand this deployment runs: title, logo, slogan and endpoints, before anyone signs in. */
export async function brandRoutes(app: App, { config }: RouteContext): Promise<void> {
  app.get(
    '/api/brand',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'White-label brand and endpoints',
        response: { 200: BrandConfigSchema },
      },
    },
    async () => config.brandConfig,
  );
}
