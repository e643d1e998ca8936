/**
 * An unpaired screen: asks for a code, shows it large with a QR code of the bind link, and asks every two
 * seconds whether someone typed it in the cabinet. A refused (expired) code, or one about to expire, is
 * replaced by a new one.
 */
import { PAIRING_TTL_SECONDS } from '@vitrine/core';
import { HttpError, type Api } from './api';
import type { Strings } from './i18n';
import type { Logger } from './log';
import { qrSvg } from './qr';
import { Backoff } from './socket';
import { errorText, isAborted, sleep } from './util';

export const CLAIM_EVERY_MS = 2000;
/** A code is replaced this long before it expires, so nobody types a code that dies in their hands. */
export const RENEW_BEFORE_MS = 30_000;
const CLAIM_MAX_WAIT_MS = 30_000;

export function bindLink(origin: string, code: string): string {
  return `${origin}/point?bind=${encodeURIComponent(code)}`;
}

/**
 * How long a code may be shown. The server's expiresAt is on the server's clock; a screen's clock can be
 * far off, so an answer that does not fit the code's lifetime falls back to the lifetime itself.
 */
export function showForMs(expiresAt: string, now: number): number {
  const ttl = PAIRING_TTL_SECONDS * 1000;
  const left = Date.parse(expiresAt) - now;
  const usable = Number.isFinite(left) && left > 0 && left <= ttl ? left : ttl;
  return Math.max(CLAIM_EVERY_MS, usable - RENEW_BEFORE_MS);
}

export interface PairingOptions {
  api: Pick<Api, 'pair' | 'claim'>;
  deviceKey: string;
  root: HTMLElement;
  strings: Strings;
  log: Logger;
  origin: string;
  onBound: (token: string, pointId: number) => void;
}

export class Pairing {
  private readonly controller = new AbortController();
  private readonly view: PairingView;

  constructor(private readonly options: PairingOptions) {
    this.view = new PairingView(options.root, options.strings);
  }

  start(): void {
    this.options.log.info('Not paired: asking for a pairing code');
    this.run(this.controller.signal).catch((error: unknown) => {
      if (!isAborted(error)) this.options.log.error(`Pairing stopped: ${errorText(error)}`);
    });
  }

  stop(): void {
    this.controller.abort();
    this.view.destroy();
  }

  private async run(signal: AbortSignal): Promise<void> {
    const { api, deviceKey, log } = this.options;
    const backoff = new Backoff();
    while (!signal.aborted) {
      let code: string;
      let expiresAt: string;
      try {
        ({ code, expiresAt } = await api.pair(deviceKey));
        backoff.reset();
      } catch (error) {
        this.view.connecting();
        const wait =
          error instanceof HttpError && error.status === 429
            ? Math.max(10_000, (error.retryAfter ?? 30) * 1000)
            : Math.max(2000, backoff.next());
        log.warn(`No pairing code: ${errorText(error)}; trying again in ${Math.round(wait / 1000)} s`);
        await sleep(wait, signal);
        continue;
      }
      if (signal.aborted) return;
      log.info(`Pairing code ${code} shown`);
      this.view.show(code, bindLink(this.options.origin, code));
      const renewAt = Date.now() + showForMs(expiresAt, Date.now());
      let wait = CLAIM_EVERY_MS;
      for (;;) {
        await sleep(wait, signal);
        if (Date.now() >= renewAt) {
          log.info('The pairing code is about to expire: asking for a new one');
          break;
        }
        try {
          const answer = await api.claim(deviceKey, code);
          wait = CLAIM_EVERY_MS;
          this.view.online();
          if (answer.status === 'bound') {
            log.info(`Paired as screen #${answer.pointId}`);
            this.options.onBound(answer.token, answer.pointId);
            return;
          }
        } catch (error) {
          if (error instanceof HttpError && error.status === 400) {
            log.info(`Pairing code ${code} expired or unknown: asking for a new one`);
            break;
          }
          if (error instanceof HttpError && error.status === 429) {
            wait = Math.min(CLAIM_MAX_WAIT_MS, Math.max(wait * 2, (error.retryAfter ?? 0) * 1000));
            log.warn(`Asked too often; next check in ${Math.round(wait / 1000)} s`);
          } else {
            wait = Math.min(CLAIM_MAX_WAIT_MS, wait * 2);
            this.view.connecting();
            log.warn(`Pairing check failed: ${errorText(error)}`);
          }
        }
      }
    }
  }
}

class PairingView {
  private readonly element: HTMLElement;
  private readonly status: HTMLElement;
  private readonly card: HTMLElement;

  constructor(
    root: HTMLElement,
    private readonly strings: Strings,
  ) {
    this.element = document.createElement('main');
    this.element.className = 'pairing';
    this.card = document.createElement('div');
    this.card.className = 'pairing-card';
    this.status = document.createElement('p');
    this.status.className = 'pairing-status';
    this.status.textContent = strings.connecting;
    this.element.append(this.card, this.status);
    root.append(this.element);
  }

  show(code: string, link: string): void {
    const text = document.createElement('div');
    text.className = 'pairing-text';
    const instruction = document.createElement('p');
    instruction.className = 'pairing-instruction';
    instruction.textContent = this.strings.instruction;
    const codeElement = document.createElement('div');
    codeElement.className = 'pairing-code';
    codeElement.dataset.testid = 'pairing-code';
    codeElement.textContent = code;
    text.append(instruction, codeElement);

    const qr = document.createElement('figure');
    qr.className = 'pairing-qr';
    const caption = document.createElement('figcaption');
    caption.textContent = this.strings.scan;
    try {
      qr.append(qrSvg(link), caption);
    } catch {
      // Without a QR code the typed code still works.
    }
    this.card.textContent = '';
    this.card.append(text, qr);
    this.online();
  }

  connecting(): void {
    this.status.textContent = this.strings.connecting;
    this.status.classList.add('visible');
  }

  online(): void {
    this.status.classList.remove('visible');
  }

  destroy(): void {
    this.element.remove();
  }
}
