/**
 * A small Telegram Bot API client (https://core.telegram.org/bots/api): sendMessage and setWebhook over
 * HTTPS to a configurable address (TELEGRAM_API_URL), so tests point it at a fake Bot API on loopback.
 * Messages to one chat go at most one per `chatIntervalMs` (Telegram allows about one a second per chat);
 * a 429 answer is retried after the `retry_after` seconds it names.
 */
export interface TelegramOptions {
  apiUrl: string;
  token: string;
  chatIntervalMs: number;
  /** Attempts per message, 429 retries included. */
  attempts?: number;
  sleep?: (ms: number) => Promise<void>;
  log?: (message: string) => void;
}

interface BotAnswer {
  ok: boolean;
  description?: string;
  parameters?: { retry_after?: number };
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class TelegramClient {
  /** The tail of each chat's queue: messages to one chat go in order, spaced. */
  private readonly chats = new Map<string, Promise<unknown>>();
  private readonly lastSent = new Map<string, number>();
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: TelegramOptions) {
    this.sleep = options.sleep ?? defaultSleep;
  }

  private async method(
    name: string,
    body: Record<string, unknown>,
  ): Promise<{ status: number; answer: BotAnswer }> {
    const res = await fetch(`${this.options.apiUrl.replace(/\/$/, '')}/bot${this.options.token}/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const answer = (await res.json().catch(() => ({ ok: false }))) as BotAnswer;
    return { status: res.status, answer };
  }

  async setWebhook(url: string, secretToken: string): Promise<boolean> {
    const { answer } = await this.method('setWebhook', {
      url,
      secret_token: secretToken,
      allowed_updates: ['message'],
    });
    return answer.ok;
  }

  /** Sends a message in the chat's turn; true when Telegram took it. */
  sendMessage(chatId: string, text: string): Promise<boolean> {
    const previous = this.chats.get(chatId) ?? Promise.resolve();
    const next = previous.then(() => this.deliver(chatId, text)).catch(() => false);
    this.chats.set(chatId, next);
    void next.finally(() => {
      if (this.chats.get(chatId) === next) this.chats.delete(chatId);
    });
    return next;
  }

  private async deliver(chatId: string, text: string): Promise<boolean> {
    const attempts = this.options.attempts ?? 4;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const wait = (this.lastSent.get(chatId) ?? 0) + this.options.chatIntervalMs - Date.now();
      if (wait > 0) await this.sleep(wait);
      this.lastSent.set(chatId, Date.now());
      const { status, answer } = await this.method('sendMessage', {
        chat_id: chatId,
        text,
        link_preview_options: { is_disabled: true },
      });
      if (answer.ok) return true;
      if (status === 429) {
        const seconds = Math.min(answer.parameters?.retry_after ?? 1, 300);
        this.options.log?.(`telegram: 429, retrying after ${seconds} s`);
        await this.sleep(seconds * 1000);
        continue;
      }
      this.options.log?.(`telegram: sendMessage refused (${status}): ${answer.description ?? ''}`);
      return false;
    }
    return false;
  }
}
