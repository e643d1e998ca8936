import { messengerApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { Config } from '../../config.js';
import type { MessengerService } from './messenger.service.js';
import { route } from '../../lib/route.js';
import { requireCaller } from '../../plugins/access.js';

/** The notification messenger (spec §7 Messenger): thin, the rules are MessengerService's. */
export async function messengerRoutes(
  app: App,
  { messenger, config }: { messenger: MessengerService; config: Pick<Config, 'publicFormRate'> },
): Promise<void> {
  route(app, messengerApi.subscribe, async (request) => messenger.subscribe(requireCaller(request)));

  route(app, messengerApi.unsubscribe, async (request) => {
    await messenger.unsubscribe(requireCaller(request));
    return { ok: true as const };
  });

  route(app, messengerApi.alerts, async (request) => ({
    alerts: await messenger.setAlerts(requireCaller(request), request.body.alerts),
  }));

  route(
    app,
    messengerApi.telegram,
    async (request) => {
      await messenger.handleUpdate(request.headers['x-telegram-bot-api-secret-token'], request.body);
      return { ok: true as const };
    },
    { config: { rateLimit: { max: config.publicFormRate * 10, timeWindow: '1 minute' } } },
  );
}
