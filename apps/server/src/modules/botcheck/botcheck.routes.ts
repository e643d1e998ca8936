import { botCheckApi } from '@vitrine/core';
import type { App, RouteContext } from '../../app-types.js';
import { route } from '../../lib/route.js';

/** The bot check's public calls: which check is asked for, and ALTCHA challenges (never cached). */
export async function botCheckRoutes(app: App, { services, config }: RouteContext): Promise<void> {
  const { botCheck } = services;

  route(app, botCheckApi.info, async () => botCheck.info());

  route(
    app,
    botCheckApi.challenge,
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return botCheck.challenge();
    },
    { config: { rateLimit: { max: config.publicFormRate, timeWindow: '1 minute' } } },
  );
}
