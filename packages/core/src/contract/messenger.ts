import { OkResponse } from '../schemas/common.js';
import { AlertsBody, Messenger, TelegramSecretHeaders, TelegramUpdate } from '../security/messenger.js';
import { defineRoute, defineRoutes } from './route.js';

/** The notification messenger (spec §7 Messenger: subscribe, unsubscribe) and the alerts chosen. */
export const messengerApi = defineRoutes({
  subscribe: defineRoute({
    method: 'POST',
    path: '/api/messenger/subscribe',
    access: 'account.route',
    summary: "The bot's deep link with a single-use payload; the chat that opens it is linked",
    tags: ['messenger'],
    response: Messenger,
  }),
  unsubscribe: defineRoute({
    method: 'POST',
    path: '/api/messenger/unsubscribe',
    access: 'account.route',
    summary: 'Unlink the Telegram chat',
    tags: ['messenger'],
    response: OkResponse,
  }),
  alerts: defineRoute({
    method: ['POST', 'PATCH'],
    path: '/api/messenger/alerts',
    access: 'account.route',
    summary: 'Which alerts I receive',
    tags: ['messenger'],
    body: AlertsBody,
    response: AlertsBody,
  }),
  telegram: defineRoute({
    method: 'POST',
    path: '/api/messenger/telegram',
    access: 'public',
    summary: "Telegram's webhook: updates of the bot, proven by the secret token header",
    tags: ['messenger'],
    headers: TelegramSecretHeaders,
    body: TelegramUpdate,
    response: OkResponse,
  }),
});
