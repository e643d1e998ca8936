/** What the cabinet's commands (src/commands.ts) do on this screen: its page, its shell, its playback. */
import type { Manifest } from '@vitrine/core';
import type { Api } from './api';
import type { CommandEffects } from './commands';
import type { Logger } from './log';
import { nativeScreenshot } from './native';
import type { Playback, ScreenState } from './playback';
import { capture } from './screenshot';

/** A screenshot's text frame says this when nothing drawable plays. */
const SCREENSHOT_TITLES: Record<ScreenState, string> = {
  connecting: 'Connecting',
  playing: 'Loading the next item',
  idle: 'No content',
  stopped: 'Broadcast stopped',
  stream: 'Camera stream',
  neutral: 'Neutral slide: the cabinet is locked',
};

export interface EffectSources {
  api: Api;
  log: Logger;
  playback: Playback;
  stage: HTMLElement;
  manifest: () => Manifest | null;
  refresh: () => Promise<void>;
  upgrade: () => Promise<void>;
  restart: () => void;
  /** Ships the log now (a terminal's output is for the cabinet to read at once). */
  flushLog?: () => void;
}

function nativeTerminal(log: Logger, flushLog?: () => void): CommandEffects['nativeTerminal'] {
  const native = window.vitrineNative;
  if (!native || typeof native.terminal !== 'function') return null;
  return async (args: Record<string, unknown>) => {
    const output: unknown = await native.terminal?.(args);
    // The screen's log keeps what the command printed, for the cabinet's Log tab.
    if (typeof output === 'string' && output) {
      log.info(`Terminal:\n${output}`);
      flushLog?.();
    }
    return output;
  };
}

export function commandEffects(s: EffectSources): CommandEffects {
  const { api, log, playback, stage } = s;
  return {
    reload: () => location.reload(),
    upgrade: () => s.upgrade(),
    restart: () => s.restart(),
    get nativeReboot() {
      const native = window.vitrineNative;
      return native && typeof native.reboot === 'function' ? () => native.reboot?.() : null;
    },
    get nativeTerminal() {
      return nativeTerminal(log, s.flushLog);
    },
    screenshot: async () => {
      const shown = playback.current();
      const state = playback.screenState;
      const title = shown.name ?? SCREENSHOT_TITLES[state];
      const image =
        (await nativeScreenshot(log)) ??
        (await capture({
          visual: shown.visual,
          title,
          subtitle: s.manifest()?.point.name ?? '',
          width: stage.offsetWidth || window.innerWidth,
          height: stage.offsetHeight || window.innerHeight,
          now: new Date(),
        }));
      await api.screenshot(image);
      log.info(`Screenshot sent (${image.type}, ${Math.round(image.size / 1024)} KiB)`);
    },
    setStopped: (stopped) => playback.setStopped(stopped),
    startStream: async (url) => {
      // The address may have been set just now.
      await s.refresh().catch(() => undefined);
      return playback.startStream(url);
    },
    stopStream: () => playback.stopStream(),
    refresh: () => s.refresh(),
  };
}
