import { isBoolean, isFields, isNumber, isString } from '../guards.js';
import type { PluginInstanceContent } from './instance.js';

/**
 * An instance of a plugin as screens get it (docs/studio.md, "Plugins"): the content of a library file of
 * kind 'plugin', so playlists, manifests and the players' caches treat it as any file. It carries the
 * plugin's entry page, so an offline-capable plugin plays from the cache with no network at all.
 */
export const PLUGIN_MIME = 'application/vnd.vitrine.plugin+json';
/** The type of an instance whose plugin needs the network: screens do not keep it (see cacheable()). */
export const PLUGIN_ONLINE_MIME = `${PLUGIN_MIME}; offline=0`;

/**
 * Whether JSON is an instance's content the player can run, checked without zod so the player stays
 * light: the fields it reads (the plugin's id, name and origins, the settings and the entry page). The
 * schema (PluginInstanceContent in instance.ts) checks the whole manifest where the instance is saved;
 * core's tests check that every content the schema accepts passes this.
 */
export function isPluginInstanceContent(value: unknown): value is PluginInstanceContent {
  if (!isFields(value) || !isString(value.html) || !isFields(value.settings)) return false;
  const setting = (v: unknown) => isString(v) || isNumber(v) || isBoolean(v);
  if (!Object.values(value.settings).every(setting)) return false;
  const plugin = value.plugin;
  return (
    isFields(plugin) &&
    isString(plugin.id) &&
    isString(plugin.name) &&
    Array.isArray(plugin.origins) &&
    plugin.origins.every(isString)
  );
}
