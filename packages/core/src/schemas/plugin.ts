import { z } from 'zod';
import { PLUGIN_STRING_MAX, PluginSetting, pluginNumber } from '../plugin/manifest.js';
import { Feed } from '../plugin/instance.js';
import { PageQuery, idSchema, nameSchema, text } from './common.js';

/**
 * Plugins as the API takes and answers them (spec §3 Plugin, §7 GET /plugin → { plugins, total }, post;
 * docs/studio.md, "Plugins"): the built-in ones and the cabinet's own uploads, and their instances.
 */
export const PluginItem = z.object({
  /** The row of an uploaded plugin; null for a built-in one. */
  id: z.number().int().nullable(),
  /** The manifest's id: what an instance names. */
  key: z.string(),
  name: z.string(),
  version: z.string(),
  description: z.string().nullable(),
  builtin: z.boolean(),
  offline: z.boolean(),
  origins: z.array(z.string()),
  settings: z.array(PluginSetting),
  createdAt: z.string().nullable(),
});
export type PluginItem = z.infer<typeof PluginItem>;

export const PluginListQuery = PageQuery;
export type PluginListQuery = z.infer<typeof PluginListQuery>;
export const PluginList = z.object({ plugins: z.array(PluginItem), total: z.number().int() });
export type PluginList = z.infer<typeof PluginList>;

/** The raw zip's name travels in X-File-Name, as with file uploads. */
export const PluginUploadHeaders = z.object({
  'x-file-name': text(1000, { min: 1 }).optional(),
});

/** POST /api/plugin/instance: an instance of a plugin is its settings, kept as a library file. */
export const PluginInstanceInput = z.strictObject({
  plugin: text(64, { min: 1 }),
  name: nameSchema,
  /** Checked against the plugin's typed settings; those left out take their defaults. */
  settings: z
    .record(text(40), z.union([text(PLUGIN_STRING_MAX, { multiline: true }), pluginNumber, z.boolean()]))
    .default({}),
});
export type PluginInstanceInput = z.infer<typeof PluginInstanceInput>;

/** POST /api/plugin/instance/{fileId}: an instance's new name or settings (checked as when it was made). */
export const PluginInstancePatch = z.strictObject({
  name: nameSchema.optional(),
  settings: PluginInstanceInput.shape.settings.removeDefault().optional(),
});
export type PluginInstancePatch = z.infer<typeof PluginInstancePatch>;
export const PluginInstanceParams = z.strictObject({ fileId: idSchema });

export const PluginInstance = z.object({
  /** The library file a playlist names to play it (kind 'plugin'). */
  fileId: z.number().int(),
  name: z.string(),
  plugin: z.string(),
  /** Its plugin's name and typed settings, as they were when it was made (the form to change it). */
  pluginName: z.string(),
  definitions: z.array(PluginSetting),
  settings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});
export type PluginInstance = z.infer<typeof PluginInstance>;

/** GET /api/plugin/feed: a screen's plugin asks the server for a feed (the address checks of imports). */
export const PluginFeedQuery = z.strictObject({
  url: text(2000, { min: 1 }).regex(/^https?:\/\//i),
});
export { Feed as PluginFeed };

/** GET /api/plugin/host: the empty page a plugin is written into, allowed the origins given. */
export const PluginHostQuery = z.strictObject({
  origins: text(7000).optional(),
});
