/**
 * The bridge between a plugin's page and the player (postMessage, both ways; `vitrine:` types only):
 * the page gets `window.vitrine.settings` before its own scripts run and calls `vitrine.ready()` once it
 * has drawn; it may ask for a feed (RSS or Atom, fetched by the server) or a QR code.
 */
export const PLUGIN_MESSAGES = {
  /** host -> player: the empty host page is up. */
  host: 'vitrine:host',
  /** player -> host: the page and its settings. */
  load: 'vitrine:load',
  /** plugin -> player: drawn, show it. */
  ready: 'vitrine:ready',
  /** plugin -> player, and back with the same id: a request and its answer. */
  request: 'vitrine:request',
  answer: 'vitrine:answer',
} as const;

/** What a plugin may ask the player for. */
export type PluginRequest = { kind: 'feed'; url: string } | { kind: 'qr'; text: string };
