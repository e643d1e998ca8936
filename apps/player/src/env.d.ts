/// <reference types="vite/client" />

/** The player's version (apps/player/package.json), set by Vite at build time. */
declare const __PLAYER_VERSION__: string;

/** What a native shell (an Android or desktop wrapper) may put on the page. */
interface VitrineNative {
  reboot?: () => unknown;
  terminal?: (args: Record<string, unknown>) => unknown;
}

interface Window {
  vitrineNative?: VitrineNative;
}
