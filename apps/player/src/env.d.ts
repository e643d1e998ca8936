/// <reference types="vite/client" />

/** hls.js's light build (the package types only its full build, of which the light one is a part). */
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}

/** The player's version (apps/player/package.json), set by Vite at build time. */
declare const __PLAYER_VERSION__: string;

/**
 * What a native shell (the desktop shell of players/shell, the Android app of players/android; see
 * docs/players.md) puts on the page. Every member is optional; each answers a value, a promise of one, or its
 * JSON text (Android's JavaScript interface answers strings).
 */
interface VitrineNative {
  /**
   * Reboots the device: the shell schedules it a few seconds on (so the command's ack leaves first) and
   * answers nothing or `{ ok: true }`, or `{ ok: false, message }` when the device does not allow it.
   */
  reboot?: () => unknown;
  /** Runs the shell's diagnostic command and answers its output (at most 500 characters). */
  terminal?: (args: Record<string, unknown>) => unknown;
  /**
   * Audience the shell measured (a people counter, an anonymous camera count, a sensor) since the last call:
   * a list, a promise of one, or its JSON text, of `{ hour, viewers }`: `hour` an ISO instant with offset
   * inside the measured hour, `viewers` the people who saw one show, on average, in that hour (0 to
   * 1,000,000). A later sample of the same hour replaces the earlier one. Polled every 5 minutes and once
   * when the session starts (src/audience.ts); undefined or null: nothing new.
   */
  audience?: () => unknown;
  /**
   * Where the screen stands now (a moving screen's GPS): `{ lat, lng }` in degrees, or null when the shell has
   * no fix; returned as it is, as a promise, or as JSON text. Read every 30 s while content is bound to
   * coordinates (src/position.ts); it takes the place of the screen's location setting.
   */
  position?: () => unknown;
  /** The shell itself: `{ platform: 'windows' | 'linux' | 'arm' | 'android', version }` (src/native.ts). */
  shell?: () => unknown;
  /** The whole panel as the shell sees it: a `data:image/jpeg;base64,…` (or png) address. */
  screenshot?: () => unknown;
  /**
   * Turns the panel on (true) or off (false) for the working hours (src/display.ts): answers the method that
   * did it (`cec`, `dpms`, `randr`, `windows`, `android`), or null when none could.
   */
  displayPower?: (on: boolean) => unknown;
  /** Starts the browser afresh (the screen's relaunch interval). */
  relaunch?: () => unknown;
  /** Starts the player when the device boots, or no longer (the screen's autostart setting). */
  autostart?: (enabled: boolean) => unknown;
  /** The page's heartbeat to the shell's watchdog, every 30 s whatever the network does (src/native.ts). */
  report?: (status: Record<string, unknown>) => unknown;
}

interface Window {
  vitrineNative?: VitrineNative;
}
