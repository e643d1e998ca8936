import { botCheckApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { Config } from '../../config.js';
import type { BotCheckService } from './botcheck.service.js';
import { route } from '../../lib/route.js';

/** The bot check's public calls: which check is asked for, and ALTCHA challenges (never cached). */
export async function botCheckRoutes(
  app: App,
  { botCheck, config }: { botCheck: BotCheckService; config: Pick<Config, 'publicFormRate'> },
): Promise<void> {
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
