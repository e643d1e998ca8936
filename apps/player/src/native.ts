/**
 * What the player asks of a native shell (docs/players.md), beyond the commands: who the shell is, a
 * screenshot of the whole panel, the page's own heartbeat for the shell's watchdog, a relaunch of the
 * browser, and autostart at boot. Every call is optional and answered as a value, a promise or JSON text.
 */
import { PLAYER_PLATFORMS, type PlayerPlatform } from '@vitrine/core';
import { bridged, clip, errorText } from './util';
import type { Logger } from './log';

/** The page reports to its shell this often; a shell's watchdog expects it (docs/players.md). */
export const NATIVE_REPORT_MS = 30_000;

type NativeHost = { vitrineNative?: VitrineNative | null };

export function nativeBridge(): VitrineNative | null {
  return (globalThis as NativeHost).vitrineNative ?? null;
}

/** The shell's platform and version, as the heartbeat carries them; null in a browser or when unsaid. */
export async function shellOf(
  native = nativeBridge(),
): Promise<{ platform: PlayerPlatform; version: string } | null> {
  if (!native || typeof native.shell !== 'function') return null;
  try {
    const value = bridged(await native.shell());
    if (typeof value !== 'object' || value === null) return null;
    const { platform, version } = value as { platform?: unknown; version?: unknown };
    if (typeof version !== 'string' || !version) return null;
    if (!PLAYER_PLATFORMS.includes(platform as PlayerPlatform)) return null;
    return { platform: platform as PlayerPlatform, version: clip(version, 50) };
  } catch {
    return null;
  }
}

/** A `data:image/…;base64,…` address (or the bare base64 of a JPEG) as an image Blob; null otherwise. */
export function imageOf(answer: unknown): Blob | null {
  if (typeof answer !== 'string' || !answer) return null;
  const m = /^data:(image\/(?:jpeg|png));base64,([A-Za-z0-9+/=\s]+)$/.exec(answer);
  const [type, data] = m ? [m[1]!, m[2]!] : ['image/jpeg', answer];
  if (!/^[A-Za-z0-9+/=\s]+$/.test(data)) return null;
  try {
    const binary = atob(data.replace(/\s+/g, ''));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes.length ? new Blob([bytes], { type }) : null;
  } catch {
    return null;
  }
}

/**
 * What the panel shows, as the shell captured it (the whole page, every layer and overlay); null when no
 * shell captures, so the player draws its own (src/screenshot.ts).
 */
export async function nativeScreenshot(log: Logger, native = nativeBridge()): Promise<Blob | null> {
  if (!native || typeof native.screenshot !== 'function') return null;
  try {
    const image = imageOf(await native.screenshot());
    if (!image) log.warn('The native shell gave no screenshot: the player draws its own');
    return image;
  } catch (error) {
    log.warn(`The native shell's screenshot failed (${errorText(error)}): the player draws its own`);
    return null;
  }
}

/** The relaunch of the screen's settings: a shell starts its browser afresh; null without one. */
export function nativeRelaunch(native = nativeBridge()): (() => unknown) | null {
  return native && typeof native.relaunch === 'function' ? () => native.relaunch?.() : null;
}

/** Tells the shell whether to start the player at boot (the screen's autostart setting), once per value. */
export class NativeAutostart {
  private last: boolean | null = null;

  constructor(private readonly log: Logger) {}

  apply(enabled: boolean, native = nativeBridge()): void {
    if (!native || typeof native.autostart !== 'function' || this.last === enabled) return;
    this.last = enabled;
    Promise.resolve(native.autostart(enabled))
      .then(() => this.log.info(`Autostart at boot ${enabled ? 'on' : 'off'} (native shell)`))
      .catch((error: unknown) => {
        this.last = null;
        this.log.warn(`Autostart not changed: ${errorText(error)}`);
      });
  }
}

/** How often the page looks for a change worth telling its shell at once (a new state, a pairing code). */
export const NATIVE_CHANGE_MS = 1000;

/**
 * The page's own heartbeat to its shell, every NATIVE_REPORT_MS whatever the network does, and at once when
 * what it says changes: the shell's watchdog reloads a page that goes silent (a stuck page, a browser error
 * page after a power cut), and its status file shows the screen's state and pairing code.
 */
export function startNativeReports(status: () => Record<string, unknown>): () => void {
  let last = '';
  let sentAt = -Infinity;
  const beat = () => {
    const native = nativeBridge();
    if (!native || typeof native.report !== 'function') return;
    const now = Date.now();
    const current = status();
    const text = JSON.stringify(current);
    if (text === last && now - sentAt < NATIVE_REPORT_MS) return;
    last = text;
    sentAt = now;
    try {
      void Promise.resolve(native.report(current)).catch(() => undefined);
    } catch {
      // A shell that went away answers nothing; the next beat tries again.
    }
  };
  beat();
  const timer = setInterval(beat, NATIVE_CHANGE_MS);
  return () => clearInterval(timer);
}
