/**
 * The notification messenger (spec §2, §4, §7): a Telegram chat linked to the account through the bot's
 * deep link, and which alerts each person receives (docs/security.md, "Alerts").
 */
import { z } from 'zod';
import { int64, text } from '../schemas/common.js';
import { ALERT_KINDS } from './alerts.js';

/** The account's messenger: linked (with the chat's username), or waiting for the deep link to be opened. */
export const Messenger = z.object({
  kind: z.literal('telegram'),
  linked: z.boolean(),
  username: z.string().nullable(),
  /** The bot's deep link with a single-use payload, while waiting for it. */
  link: z.string().nullable(),
});
export type Messenger = z.infer<typeof Messenger>;

export const AlertKindSchema = z.enum(ALERT_KINDS);
/** The alert kinds a person receives (by messenger, else by e-mail). */
export const AlertsBody = z.strictObject({ alerts: z.array(AlertKindSchema).max(ALERT_KINDS.length) });
export type AlertsBody = z.infer<typeof AlertsBody>;

/** The part of a Telegram Update the bot reads (Bot API 'Update'): a message's chat, sender and text. */
export const TelegramUpdate = z.object({
  update_id: int64(),
  message: z
    .object({
      // Chat ids reach 52 bits; groups' are negative.
      chat: z.object({ id: int64(-Number.MAX_SAFE_INTEGER) }),
      from: z.object({ username: text(64).optional() }).optional(),
      text: text(4096, { multiline: true }).optional(),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof TelegramUpdate>;
export const TelegramSecretHeaders = z.object({
  'x-telegram-bot-api-secret-token': text(256).optional(),
});
