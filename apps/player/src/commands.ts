/**
 * Commands from the cabinet. Each maps to effects injected by the player (so the mapping is tested without
 * a browser); every command is answered with an ack, before any effect that ends the page; an id seen
 * before is acknowledged again with its first result but never run twice.
 */
import { ACK_MESSAGE_MAX, POINT_MESSAGES, type PlayerMessage, type ServerMessage } from '@vitrine/core';
import type { Logger } from './log';
import type { KeyValue } from './storage';
import { bridged, clip, errorText } from './util';

export type Ack = Extract<PlayerMessage, { type: 'ack' }>;

/** What a command came to: the ack's fields, and what to do once the ack has left. */
export interface Outcome {
  ok: boolean;
  message?: string;
  after?: () => unknown;
}

export interface Result {
  ok: boolean;
  message?: string;
}

export interface CommandEffects {
  reload(): void;
  /** Update or drop the service worker and its caches, then reload from the network. */
  upgrade(): unknown;
  /** Tear the player down in this page and start it again. */
  restart(): void;
  /**
   * The native shell's reboot, when a shell hosts the page: it schedules the reboot a few seconds on (the ack
   * leaves first) and answers, or refuses (`nativeOutcome`).
   */
  nativeReboot: (() => unknown) | null;
  /** The native shell's terminal, when it has one. */
  nativeTerminal: ((args: Record<string, unknown>) => unknown) | null;
  /** Capture the screen and upload it; rejects when it could not. */
  screenshot(): Promise<void>;
  setStopped(stopped: boolean): void;
  startStream(url: string | null): Promise<Result>;
  stopStream(): void;
  /** Fetch the manifest again and apply it. */
  refresh(): Promise<void>;
}

export const COMMAND_TEXT = {
  rebootWithoutShell: 'No native shell: the page reloads instead',
  rebootNative: 'Rebooting through the native shell',
  rebootRefused: 'The device does not let the player reboot it',
  reloading: 'Reloading the page',
  upgrading: 'Loading the newest player',
  restarting: 'Restarting the player',
  broadcastStopped: 'Broadcast stopped',
  broadcastStarted: 'Broadcast started',
  streamStopped: 'Back to the content',
  contentApplied: 'Settings and content applied',
  screenshotSent: 'Screenshot sent',
} as const;

/** The server keeps ack messages of at most this many characters. */
export { ACK_MESSAGE_MAX };

/**
 * A native shell's answer to a call that may be refused: nothing or `{ ok: true }` when it goes ahead,
 * `{ ok: false, message }` when it does not; as it is, as a promise of it, or as its JSON text (Android).
 */
export function nativeOutcome(answer: unknown): Result {
  const value = bridged(answer);
  if (typeof value !== 'object' || value === null) return { ok: true };
  const { ok, message } = value as { ok?: unknown; message?: unknown };
  const result: Result = { ok: ok !== false };
  if (typeof message === 'string' && message) result.message = message;
  return result;
}

export async function runCommand(
  name: string,
  args: Record<string, unknown>,
  effects: CommandEffects,
): Promise<Outcome> {
  switch (name) {
    case 'reload':
      return { ok: true, message: COMMAND_TEXT.reloading, after: () => effects.reload() };
    case 'upgrade':
      return { ok: true, message: COMMAND_TEXT.upgrading, after: () => effects.upgrade() };
    case 'restart':
      return { ok: true, message: COMMAND_TEXT.restarting, after: () => effects.restart() };
    case 'reboot': {
      const reboot = effects.nativeReboot;
      if (!reboot)
        return { ok: true, message: COMMAND_TEXT.rebootWithoutShell, after: () => effects.reload() };
      // The shell reboots a few seconds after it answers, so the ack leaves first; or says why it cannot.
      const answer = nativeOutcome(await reboot());
      if (answer.ok) return { ok: true, message: answer.message ?? COMMAND_TEXT.rebootNative };
      return { ok: false, message: answer.message ?? COMMAND_TEXT.rebootRefused };
    }
    case 'screenshot':
      await effects.screenshot();
      return { ok: true, message: COMMAND_TEXT.screenshotSent };
    case 'broadcast-stop':
    case 'broadcast-start':
      effects.setStopped(name === 'broadcast-stop');
      // The state is part of the content: fetched now, the screen reports the version that has it.
      void effects.refresh().catch(() => undefined);
      return {
        ok: true,
        message: name === 'broadcast-stop' ? COMMAND_TEXT.broadcastStopped : COMMAND_TEXT.broadcastStarted,
      };
    case 'stream-start':
    case 'livestream':
      return effects.startStream(typeof args.url === 'string' && args.url ? args.url : null);
    case 'stream-stop':
      effects.stopStream();
      return { ok: true, message: COMMAND_TEXT.streamStopped };
    case 'terminal': {
      const terminal = effects.nativeTerminal;
      if (!terminal) return { ok: false, message: POINT_MESSAGES.unsupported };
      const output: unknown = await terminal(args);
      return typeof output === 'string' && output ? { ok: true, message: output } : { ok: true };
    }
    case 'config':
    case 'content':
      await effects.refresh();
      return { ok: true, message: COMMAND_TEXT.contentApplied };
    default:
      return { ok: false, message: POINT_MESSAGES.unsupported };
  }
}

export function ackOf(id: number, result: Result): Ack {
  const ack: Ack = { type: 'ack', id, ok: result.ok };
  if (result.message) ack.message = clip(result.message, ACK_MESSAGE_MAX);
  return ack;
}

/**
 * Ids already handled and what they came to. Kept in sessionStorage so that a command redelivered after
 * the page reloaded for it (its ack lost on the way) is acknowledged again instead of reloading again.
 */
export class SeenCommands {
  private readonly results = new Map<number, Result>();

  constructor(
    private readonly store: KeyValue | null,
    private readonly key: string,
    private readonly limit = 200,
  ) {
    const saved = store?.get(key);
    if (!saved) return;
    try {
      const list = JSON.parse(saved) as unknown;
      if (!Array.isArray(list)) return;
      for (const entry of list as unknown[]) {
        if (!Array.isArray(entry) || typeof entry[0] !== 'number' || typeof entry[1] !== 'boolean') continue;
        const message: unknown = entry[2];
        this.results.set(
          entry[0],
          typeof message === 'string' ? { ok: entry[1], message } : { ok: entry[1] },
        );
      }
    } catch {
      // A damaged entry is forgotten.
    }
  }

  get(id: number): Result | undefined {
    return this.results.get(id);
  }

  remember(id: number, result: Result): void {
    this.results.delete(id);
    this.results.set(id, result);
    while (this.results.size > this.limit) {
      const oldest = this.results.keys().next().value;
      if (oldest === undefined) break;
      this.results.delete(oldest);
    }
    const list = [...this.results].map(([key, r]) =>
      r.message === undefined ? [key, r.ok] : [key, r.ok, clip(r.message, ACK_MESSAGE_MAX)],
    );
    this.store?.set(this.key, JSON.stringify(list));
  }
}

export class CommandHandler {
  private readonly running = new Map<number, Promise<Result>>();

  constructor(
    private readonly effects: CommandEffects,
    /** Sends the ack; resolves once it has left (or could not be sent). */
    private readonly sendAck: (ack: Ack) => Promise<void> | void,
    private readonly seen: SeenCommands,
    private readonly log: Logger,
  ) {}

  async handle(message: ServerMessage): Promise<void> {
    const { id, name } = message;
    const known = this.seen.get(id);
    if (known) {
      this.log.info(`Command ${name} #${id} arrived again: acknowledged again, not run twice`);
      await this.sendAck(ackOf(id, known));
      return;
    }
    const running = this.running.get(id);
    if (running) {
      this.log.info(`Command ${name} #${id} arrived again while it runs`);
      await this.sendAck(ackOf(id, await running));
      return;
    }

    this.log.info(`Command ${name} #${id}`);
    let after: (() => unknown) | undefined;
    const outcome = (async (): Promise<Result> => {
      try {
        const result = await runCommand(name, message.args ?? {}, this.effects);
        after = result.after;
        return result.message === undefined ? { ok: result.ok } : { ok: result.ok, message: result.message };
      } catch (error) {
        return { ok: false, message: errorText(error) };
      }
    })();
    this.running.set(id, outcome);
    const result = await outcome;
    // Remembered before the ack and before any reload, so a redelivery never runs it again.
    this.seen.remember(id, result);
    this.running.delete(id);
    if (!result.ok) this.log.warn(`Command ${name} #${id} failed: ${result.message ?? 'no reason given'}`);
    await this.sendAck(ackOf(id, result));
    if (after) {
      try {
        await after();
      } catch (error) {
        this.log.error(`Command ${name} #${id}: ${errorText(error)}`);
      }
    }
  }
}
