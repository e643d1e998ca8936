import { z } from 'zod';
import { MESSAGES } from '../validation.js';
import { colorSchema, nameSchema, text } from '../schemas/common.js';

/**
 * A plugin (docs/studio.md, "Plugins"): an HTML application described by a manifest, after Screenly's
 * Edge Apps: an id, a name, a version, the entry page, typed settings with their defaults, whether it works
 * without the network, and the origins it may contact. One plugin has many instances, each its settings.
 */

export const PLUGIN_MAX_SETTINGS = 30;
export const PLUGIN_MAX_ORIGINS = 20;
/** The most one string setting may hold, in characters. */
export const PLUGIN_STRING_MAX = 2000;
/** The most a plugin's entry page may weigh, in bytes (it is sent to screens with each instance). */
export const PLUGIN_ENTRY_MAX = 1024 * 1024;
/** The name of the manifest inside an uploaded plugin's zip. */
export const PLUGIN_MANIFEST_FILE = 'manifest.json';

/** A number setting stays within this, either way. */
export const PLUGIN_NUMBER_MAX = 1_000_000_000;
export const pluginNumber = z.number().min(-PLUGIN_NUMBER_MAX).max(PLUGIN_NUMBER_MAX);

export const PLUGIN_SETTING_TYPES = [
  'string',
  'text',
  'number',
  'boolean',
  'color',
  'url',
  'datetime',
] as const;
export type PluginSettingType = (typeof PLUGIN_SETTING_TYPES)[number];

const settingKey = text(40, { min: 1 }).regex(/^[a-zA-Z][a-zA-Z0-9_]*$/, { error: MESSAGES.invalid });
const httpUrl = text(2000).regex(/^https?:\/\/[^\s]+$/i, { error: MESSAGES.invalid });
/** A local date and time as a datetime-local control gives it: 2026-12-31T23:59. */
const localDateTime = text(19).regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, { error: MESSAGES.invalid });

const base = {
  key: settingKey,
  title: text(100, { min: 1 }),
  help: text(300).optional(),
};

export const PluginSetting = z.discriminatedUnion('type', [
  z.strictObject({ ...base, type: z.literal('string'), default: text(PLUGIN_STRING_MAX).default('') }),
  z.strictObject({
    ...base,
    type: z.literal('text'),
    default: text(PLUGIN_STRING_MAX, { multiline: true }).default(''),
  }),
  z.strictObject({
    ...base,
    type: z.literal('number'),
    default: pluginNumber.default(0),
    min: pluginNumber.optional(),
    max: pluginNumber.optional(),
  }),
  z.strictObject({ ...base, type: z.literal('boolean'), default: z.boolean().default(false) }),
  z.strictObject({ ...base, type: z.literal('color'), default: colorSchema.default('#000000') }),
  z.strictObject({ ...base, type: z.literal('url'), default: httpUrl.or(z.literal('')).default('') }),
  z.strictObject({
    ...base,
    type: z.literal('datetime'),
    default: localDateTime.or(z.literal('')).default(''),
  }),
]);
export type PluginSetting = z.infer<typeof PluginSetting>;

/**
 * An origin a plugin may contact, as a CSP source: scheme, host (its subdomains with `*.`) and port, or a
 * whole scheme (`https:`, for a plugin that shows any page).
 */
export const pluginOrigin = text(300).regex(
  /^(https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?|https?:)$/i,
  {
    error: 'An origin is a scheme and a host, like https://example.com',
  },
);

export const PluginManifest = z
  .strictObject({
    id: text(64, { min: 2 }).regex(/^[a-z0-9][a-z0-9.-]*$/, {
      error: 'An id is lower-case letters, digits, dots and dashes',
    }),
    name: nameSchema,
    version: text(32, { min: 1 }).regex(/^\d+(\.\d+){0,2}([-+][0-9A-Za-z.-]+)?$/, {
      error: 'A version is like 1.0.0',
    }),
    description: text(500).optional(),
    /** The page the plugin opens with, at the root of its zip. */
    entry: text(100, { min: 1 }).regex(/^[A-Za-z0-9_-][A-Za-z0-9_.-]*\.html?$/, {
      error: 'The entry is an .html file at the root of the zip',
    }),
    settings: z.array(PluginSetting).max(PLUGIN_MAX_SETTINGS).default([]),
    /** It works without the network: screens keep it with their files. */
    offline: z.boolean().default(false),
    /** Where its page may connect, load pictures and frames from; none means nowhere. */
    origins: z.array(pluginOrigin).max(PLUGIN_MAX_ORIGINS).default([]),
  })
  .refine((m) => new Set(m.settings.map((s) => s.key)).size === m.settings.length, {
    error: 'Setting keys must differ',
    path: ['settings'],
  });
export type PluginManifest = z.infer<typeof PluginManifest>;

export type PluginSettingValue = string | number | boolean;
export type PluginSettings = Record<string, PluginSettingValue>;

/** The schema of one setting's value. */
function valueSchema(setting: PluginSetting): z.ZodType<PluginSettingValue> {
  switch (setting.type) {
    case 'string':
      return text(PLUGIN_STRING_MAX);
    case 'text':
      return text(PLUGIN_STRING_MAX, { multiline: true });
    case 'number': {
      let schema = pluginNumber;
      if (setting.min !== undefined) schema = schema.min(setting.min);
      if (setting.max !== undefined) schema = schema.max(setting.max);
      return schema;
    }
    case 'boolean':
      return z.boolean();
    case 'color':
      return colorSchema;
    case 'url':
      return httpUrl.or(z.literal(''));
    case 'datetime':
      return localDateTime.or(z.literal(''));
  }
}

/** The schema of an instance's settings: every key the manifest names, its default when left out, no other. */
export function pluginSettingsSchema(manifest: Pick<PluginManifest, 'settings'>) {
  const shape: Record<string, z.ZodType<PluginSettingValue>> = {};
  for (const setting of manifest.settings)
    shape[setting.key] = valueSchema(setting).default(setting.default as never) as never;
  return z.strictObject(shape);
}

/** Every setting at its default. */
export const pluginDefaults = (manifest: Pick<PluginManifest, 'settings'>): PluginSettings =>
  Object.fromEntries(manifest.settings.map((s) => [s.key, s.default]));
