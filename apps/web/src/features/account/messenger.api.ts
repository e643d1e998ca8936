import { messengerApi, type AlertsBody } from '@vitrine/core';
import { call } from '../../api/contract';

/** POST /api/messenger/subscribe: the bot's deep link (spec §4: messenger becomes the answer). */
export const subscribeMessenger = () => call(messengerApi.subscribe, {}, { silent: true });

/** POST /api/messenger/unsubscribe (spec §4: messenger becomes null). */
export const unsubscribeMessenger = () => call(messengerApi.unsubscribe);

/** POST /api/messenger/alerts: the alert kinds I receive. */
export const saveAlerts = (body: AlertsBody) => call(messengerApi.alerts, { body });
