import {
  ALERT_KINDS,
  isDeepLinkPayload,
  type AlertKind,
  type Messenger,
  type TelegramUpdate,
} from '@vitrine/core';
import type { Repositories } from '../../db/repositories.js';
import { homeCabinet, type Caller } from '../../lib/caller.js';
import { AppError } from '../../lib/errors.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import type { TelegramClient } from './telegram.js';

export interface MessengerDeps {
  repos: Pick<Repositories, 'messenger'>;
  telegram: TelegramClient | null;
  /** The bot's username, for its deep link t.me/<bot>?start=<payload>. */
  botUsername: string | null;
  /** The secret Telegram sends back in X-Telegram-Bot-Api-Secret-Token with every update. */
  webhookSecret: string;
  now?: () => Date;
}

/** How long a deep link waits to be opened. */
const LINK_TTL_MS = 60 * 60_000;

/**
 * The notification messenger (spec §4: subscribe sets messenger to the answer, unsubscribe sets it to
 * null): a deep link with a single-use payload; the chat that sends /start with it is linked to the person.
 */
export class MessengerService {
  private readonly now: () => Date;

  constructor(private readonly deps: MessengerDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  get configured(): boolean {
    return this.deps.telegram !== null && this.deps.botUsername !== null;
  }

  async subscribe(caller: Caller): Promise<Messenger> {
    if (!this.configured) throw new AppError('MESSENGER_UNAVAILABLE');
    // 32 bytes of base64url: 43 characters of [A-Za-z0-9_-], within Telegram's 64.
    const payload = randomToken();
    if (!isDeepLinkPayload(payload)) throw new AppError('INTERNAL');
    await this.deps.repos.messenger.insertCode(
      homeCabinet(caller),
      caller.userId,
      sha256(payload),
      new Date(this.now().getTime() + LINK_TTL_MS),
    );
    return {
      kind: 'telegram',
      linked: false,
      username: null,
      link: `https://t.me/${this.deps.botUsername}?start=${payload}`,
    };
  }

  async unsubscribe(caller: Caller): Promise<void> {
    await this.deps.repos.messenger.unlink(homeCabinet(caller), caller.userId);
  }

  async state(caller: Caller): Promise<Messenger | null> {
    const link = await this.deps.repos.messenger.findLink(homeCabinet(caller), caller.userId);
    return link ? { kind: 'telegram', linked: true, username: link.username, link: null } : null;
  }

  async setAlerts(caller: Caller, alerts: AlertKind[]): Promise<AlertKind[]> {
    const off = ALERT_KINDS.filter((k) => !alerts.includes(k));
    await this.deps.repos.messenger.setAlertsOff(homeCabinet(caller), caller.userId, off);
    return ALERT_KINDS.filter((k) => alerts.includes(k));
  }

  /** An update from Telegram's webhook: '/start <payload>' links the chat; anything else is ignored. */
  async handleUpdate(secret: string | undefined, update: TelegramUpdate): Promise<void> {
    if (!secret || sha256(secret) !== sha256(this.deps.webhookSecret)) throw new AppError('UNAUTHORIZED');
    const message = update.message;
    const match = /^\/start(?:@\w+)?\s+(\S+)$/.exec(message?.text?.trim() ?? '');
    if (!message || !match || !isDeepLinkPayload(match[1]!)) return;
    const code = await this.deps.repos.messenger.platformConsumeCode(sha256(match[1]!), this.now());
    const chatId = String(message.chat.id);
    if (!code) {
      await this.deps.telegram?.sendMessage(
        chatId,
        'This link is invalid or expired. Open a new one from the cabinet.',
      );
      return;
    }
    await this.deps.repos.messenger.link(code.cabinetId, code.userId, chatId, message.from?.username ?? null);
    await this.deps.telegram?.sendMessage(chatId, 'Subscribed: alerts of your cabinet will come here.');
  }
}
