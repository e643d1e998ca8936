import { describe, expect, it } from 'vitest';
import { BUILTIN_PLUGINS } from '../plugin/builtin.js';
import { isPluginInstanceContent } from '../plugin/content.js';
import { PluginInstanceContent } from '../plugin/instance.js';
import { blankDocument, blankPage, newLayer } from './build.js';
import { StudioDocument, StudioLayer } from './document.js';
import { isStudioDocument } from './guard.js';
import { LAYER_KINDS } from './limits.js';

/** A document with a layer of every kind, a gradient, a background file, a shadow and an uploaded font. */
function fullDocument(): StudioDocument {
  const doc = blankDocument();
  doc.pages[0]!.layers = LAYER_KINDS.map((kind, i) => newLayer(kind, `layer-${i}`, doc, 5));
  const text = doc.pages[0]!.layers[0]!;
  if ('style' in text) text.style.shadow = { color: '#000000', x: 2, y: 2, blur: 4 };
  const second = blankPage('page-2', 3);
  second.background = { color: '#ffffff', gradient: { to: '#000000', angle: 90 }, fileId: 6, fit: 'cover' };
  doc.pages.push(second);
  doc.fonts = [{ family: 'Brand Sans', fileId: 7 }];
  return doc;
}

describe('the zod-free check of a studio document (the player draws what passes)', () => {
  it('names the same layer kinds as the schema', () => {
    const kinds = StudioLayer.options.map((option) => option.shape.kind.value);
    expect([...kinds].sort()).toEqual([...LAYER_KINDS].sort());
  });

  it('passes every document the schema accepts', () => {
    for (const doc of [blankDocument(), fullDocument()]) {
      expect(StudioDocument.safeParse(doc).success).toBe(true);
      expect(isStudioDocument(doc)).toBe(true);
      expect(isStudioDocument(JSON.parse(JSON.stringify(doc)))).toBe(true);
    }
  });

  it('refuses what the renderer cannot draw', () => {
    const broken: [string, (doc: StudioDocument & Record<string, unknown>) => void][] = [
      ['another version', (d) => (d.version = 2 as 1)],
      ['no pages', (d) => (d.pages = [])],
      ['a page of no time', (d) => (d.pages[0]!.duration = 0)],
      ['a layer of an unknown kind', (d) => Object.assign(d.pages[0]!.layers[0]!, { kind: 'sound' })],
      ['a layer without its box', (d) => Object.assign(d.pages[0]!.layers[1]!, { width: 'wide' })],
      ['an image without its file', (d) => Object.assign(d.pages[0]!.layers[1]!, { fileId: null })],
      ['a text without its style', (d) => Object.assign(d.pages[0]!.layers[0]!, { style: null })],
      ['a shape of no known form', (d) => Object.assign(d.pages[0]!.layers[3]!, { shape: 'star' })],
      ['a background that does not fit', (d) => (d.pages[1]!.background.fit = 'tile' as 'cover')],
      [
        'a font without its file',
        (d) => (d.fonts = [{ family: 'Brand Sans' } as { family: string; fileId: number }]),
      ],
      ['two layers of one id', (d) => (d.pages[0]!.layers[1]!.id = d.pages[0]!.layers[0]!.id)],
    ];
    for (const [name, breakIt] of broken) {
      const doc = fullDocument() as StudioDocument & Record<string, unknown>;
      breakIt(doc);
      expect(StudioDocument.safeParse(doc).success, name).toBe(false);
      expect(isStudioDocument(doc), name).toBe(false);
    }
    for (const other of [null, undefined, 'document', 1, []]) expect(isStudioDocument(other)).toBe(false);
  });
});

describe('the zod-free check of a plugin instance (the player runs what passes)', () => {
  const contents = BUILTIN_PLUGINS.map((plugin) =>
    PluginInstanceContent.parse({ plugin, settings: { title: 'Hello', size: 3, on: true }, html: '<p>' }),
  );

  it('passes every content the schema accepts', () => {
    expect(contents.length).toBeGreaterThan(0);
    for (const content of contents) expect(isPluginInstanceContent(content)).toBe(true);
  });

  it('refuses content without the page, the settings or the plugin it runs', () => {
    const content = contents[0]!;
    const broken = [
      { ...content, html: undefined },
      { ...content, settings: { title: { nested: true } } },
      { ...content, settings: null },
      { ...content, plugin: { ...content.plugin, origins: 'https://example.com' } },
      { ...content, plugin: null },
    ];
    for (const candidate of broken) {
      expect(PluginInstanceContent.safeParse(candidate).success).toBe(false);
      expect(isPluginInstanceContent(candidate)).toBe(false);
    }
    for (const other of [null, undefined, 'plugin', 1, []])
      expect(isPluginInstanceContent(other)).toBe(false);
  });
});
