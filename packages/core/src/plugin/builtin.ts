import { PluginManifest } from './manifest.js';

/**
 * The plugins the product ships (docs/studio.md, "Plugins"): every cabinet has them, none can change
 * them. Their pages live with the server (modules/plugin/builtin/); their ids start with `vitrine.`, which
 * an uploaded plugin may not take.
 */
export const BUILTIN_PREFIX = 'vitrine.';

const manifest = (m: unknown): PluginManifest => PluginManifest.parse(m);

export const BUILTIN_PLUGINS: readonly PluginManifest[] = [
  manifest({
    id: 'vitrine.clock',
    name: 'Clock',
    version: '1.0.0',
    description: 'The time and date, in the screen’s time zone',
    entry: 'index.html',
    offline: true,
    settings: [
      { key: 'showSeconds', type: 'boolean', title: 'Seconds', default: false },
      { key: 'showDate', type: 'boolean', title: 'Date', default: true },
      { key: 'color', type: 'color', title: 'Text colour', default: '#ffffff' },
      { key: 'background', type: 'color', title: 'Background', default: '#1c1c28' },
    ],
  }),
  manifest({
    id: 'vitrine.countdown',
    name: 'Countdown',
    version: '1.0.0',
    description: 'Days, hours, minutes and seconds to a moment',
    entry: 'index.html',
    offline: true,
    settings: [
      { key: 'title', type: 'string', title: 'Title', default: '' },
      { key: 'target', type: 'datetime', title: 'Until', default: '' },
      { key: 'done', type: 'string', title: 'Text when it is over', default: '' },
      { key: 'color', type: 'color', title: 'Text colour', default: '#ffffff' },
      { key: 'background', type: 'color', title: 'Background', default: '#1c1c28' },
    ],
  }),
  manifest({
    id: 'vitrine.webpage',
    name: 'Web page',
    version: '1.0.0',
    description: 'A page from the web, reloaded at an interval',
    entry: 'index.html',
    offline: false,
    origins: ['https:', 'http:'],
    settings: [
      { key: 'url', type: 'url', title: 'Address', default: '' },
      {
        key: 'reload',
        type: 'number',
        title: 'Reload every (minutes, 0: never)',
        default: 0,
        min: 0,
        max: 1440,
      },
    ],
  }),
  manifest({
    id: 'vitrine.rss',
    name: 'News ticker',
    version: '1.0.0',
    description: 'The headlines of an RSS or Atom feed, fetched by the server',
    entry: 'index.html',
    offline: false,
    settings: [
      { key: 'url', type: 'url', title: 'Feed address', default: '' },
      { key: 'speed', type: 'number', title: 'Speed (pixels a second)', default: 120, min: 20, max: 1000 },
      { key: 'color', type: 'color', title: 'Text colour', default: '#ffffff' },
      { key: 'background', type: 'color', title: 'Background', default: '#1c1c28' },
    ],
  }),
  manifest({
    id: 'vitrine.qr',
    name: 'QR code',
    version: '1.0.0',
    description: 'A QR code for an address or text, with a caption',
    entry: 'index.html',
    offline: true,
    settings: [
      { key: 'text', type: 'string', title: 'Address or text', default: 'https://example.com' },
      { key: 'caption', type: 'string', title: 'Caption', default: '' },
      { key: 'color', type: 'color', title: 'Colour', default: '#000000' },
      { key: 'background', type: 'color', title: 'Background', default: '#ffffff' },
    ],
  }),
];

export const isBuiltinPlugin = (id: string): boolean => id.startsWith(BUILTIN_PREFIX);
