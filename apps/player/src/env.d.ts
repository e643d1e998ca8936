/// <reference types="vite/client" />

/** hls.js's light build (the package types only its full build, of which the light one is a part). */
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}

/** The player's version (apps/player/package.json), set by Vite at build time. */
declare const __PLAYER_VERSION__: string;

/** What a native shell (an Android or desktop wrapper) may put on the page. */
interface VitrineNative {
  reboot?: () => unknown;
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
}

interface Window {
  vitrineNative?: VitrineNative;
}
