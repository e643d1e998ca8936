import { z } from 'zod';
import { PluginManifest } from './manifest.js';

/**
 * An instance of a plugin as screens get it (docs/studio.md, "Plugins"): the content of a library file of
 * kind 'plugin', so playlists, manifests and the players' caches treat it as any file. It carries the
 * plugin's entry page, so an offline-capable plugin plays from the cache with no network at all.
 */
export const PLUGIN_MIME = 'application/vnd.vitrine.plugin+json';
/** The type of an instance whose plugin needs the network: screens do not keep it (see cacheable()). */
export const PLUGIN_ONLINE_MIME = `${PLUGIN_MIME}; offline=0`;

export const PluginInstanceContent = z.object({
  plugin: PluginManifest,
  settings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  /** The entry page's HTML. */
  html: z.string(),
});
export type PluginInstanceContent = z.infer<typeof PluginInstanceContent>;

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

/** One entry of a fetched feed. */
export const FeedItem = z.object({
  title: z.string(),
  link: z.string().nullable(),
  date: z.string().nullable(),
});
export type FeedItem = z.infer<typeof FeedItem>;
export const Feed = z.object({ title: z.string(), items: z.array(FeedItem) });
export type Feed = z.infer<typeof Feed>;
