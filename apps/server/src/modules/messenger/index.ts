import type { Log, Module } from '../../app-types.js';
import type { Config } from '../../config.js';
import type { Mailer } from '../../lib/mailer.js';
import { AlertService, type AlertDeps } from './alerts.service.js';
import { messengerRoutes } from './messenger.routes.js';
import { MessengerService, type MessengerDeps } from './messenger.service.js';
import { TelegramClient } from './telegram.js';

export interface MessengerModuleDeps {
  repos: MessengerDeps['repos'] & AlertDeps['repos'];
  mailer: Mailer;
  config: Pick<Config, 'telegram' | 'alerts' | 'publicUrl' | 'publicFormRate'>;
  /** The secret Telegram sends back with every update (TELEGRAM_WEBHOOK_SECRET, else a stored one). */
  webhookSecret: string;
  /** A screen's heartbeat within this long means online (the screens list's rule). */
  seenWithinMs: number;
  warn: (message: string) => void;
  log: Log;
}

/** Alerts by Telegram when a bot is configured (else by e-mail), and the presence sweep behind them. */
export function createMessengerModule(deps: MessengerModuleDeps) {
  const { config, webhookSecret } = deps;
  const telegram = config.telegram
    ? new TelegramClient({
        apiUrl: config.telegram.apiUrl,
        token: config.telegram.token,
        chatIntervalMs: config.telegram.chatIntervalMs,
        log: deps.warn,
      })
    : null;
  const messenger = new MessengerService({
    repos: deps.repos,
    telegram,
    botUsername: config.telegram?.username ?? null,
    webhookSecret,
  });
  const alerts = new AlertService({
    repos: deps.repos,
    mailer: deps.mailer,
    telegram,
    offlineAfterMs: config.alerts.offlineMinutes * 60_000,
    seenWithinMs: deps.seenWithinMs,
    log: deps.log,
  });
  if (telegram) {
    // Telegram sends the bot's updates (the deep link's /start) to this server.
    void telegram
      .setWebhook(`${config.publicUrl}/api/messenger/telegram`, webhookSecret)
      .then((ok) => ok || deps.warn('telegram: setWebhook refused'))
      .catch((error: unknown) => deps.log('telegram: setWebhook failed', error));
  }
  return {
    services: { messenger, alerts },
    routes: [async (app) => messengerRoutes(app, { messenger, config })],
  } satisfies Module<object>;
}
