import { describe, expect, it } from 'vitest';
import { BUILTIN_PLUGINS, isBuiltinPlugin } from './builtin.js';
import { PluginManifest, pluginDefaults, pluginSettingsSchema } from './manifest.js';

const base = { id: 'acme.board', name: 'Board', version: '1.0.0', entry: 'index.html' };

describe('plugin manifests', () => {
  it('takes a small manifest and fills its defaults', () => {
    expect(PluginManifest.parse(base)).toEqual({ ...base, settings: [], offline: false, origins: [] });
  });

  it('refuses what is not a manifest', () => {
    for (const bad of [
      { ...base, id: 'Acme Board' },
      { ...base, version: 'v1' },
      { ...base, entry: 'app/index.html' },
      { ...base, entry: 'index.js' },
      { ...base, origins: ['https://example.com/feed'] },
      { ...base, origins: ["'unsafe-eval'"] },
      { ...base, settings: [{ key: 'a', type: 'secret', title: 'A' }] },
      { ...base, settings: [{ key: '1a', type: 'string', title: 'A' }] },
      { ...base, settings: [{ key: 'a', type: 'number', title: 'A', default: 1e12 }] },
      {
        ...base,
        settings: [
          { key: 'a', type: 'string', title: 'A' },
          { key: 'a', type: 'color', title: 'B' },
        ],
      },
      { ...base, extra: true },
    ])
      expect(PluginManifest.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('checks an instance against the typed settings, defaults for what is left out', () => {
    const manifest = PluginManifest.parse({
      ...base,
      settings: [
        { key: 'title', type: 'string', title: 'Title', default: 'Hi' },
        { key: 'size', type: 'number', title: 'Size', default: 5, min: 1, max: 10 },
        { key: 'on', type: 'boolean', title: 'On' },
        { key: 'tint', type: 'color', title: 'Tint', default: '#ff0000' },
        { key: 'link', type: 'url', title: 'Link' },
        { key: 'when', type: 'datetime', title: 'When' },
      ],
    });
    const schema = pluginSettingsSchema(manifest);
    expect(schema.parse({ size: 7 })).toEqual({ ...pluginDefaults(manifest), size: 7 });
    expect(pluginDefaults(manifest)).toEqual({
      title: 'Hi',
      size: 5,
      on: false,
      tint: '#ff0000',
      link: '',
      when: '',
    });
    for (const bad of [
      { size: 11 },
      { size: '7' },
      { on: 'yes' },
      { tint: 'red' },
      { link: 'javascript:alert(1)' },
      { when: 'tomorrow' },
      { other: 1 },
    ])
      expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('ships built-in plugins under their own prefix', () => {
    expect(BUILTIN_PLUGINS.map((p) => p.id)).toEqual([
      'vitrine.clock',
      'vitrine.countdown',
      'vitrine.webpage',
      'vitrine.rss',
      'vitrine.qr',
    ]);
    expect(BUILTIN_PLUGINS.every((p) => isBuiltinPlugin(p.id))).toBe(true);
    expect(isBuiltinPlugin('acme.board')).toBe(false);
  });
});
