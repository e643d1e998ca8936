/**
 * New documents and layers with the defaults the editor starts from (docs/studio.md): every field set,
 * so what is built passes the schema as it is.
 */
import type { LayerKind, StudioDocument, StudioLayer, StudioPage, TextStyle } from './document.js';
import { STUDIO_VERSION } from './limits.js';

/** The family the product ships first (an @fontsource package served by the cabinet). */
export const DEFAULT_FONT = 'Inter';

/**
 * Screen sizes the editor offers (width x height): the common signage screens, landscape and portrait,
 * and bars. `key` names it in the cabinet's language (studio.sizes.<key>).
 */
export const CANVAS_SIZES = [
  { key: 'fullHd', name: 'Full HD', width: 1920, height: 1080 },
  { key: 'fullHdPortrait', name: 'Full HD portrait', width: 1080, height: 1920 },
  { key: 'uhd', name: '4K', width: 3840, height: 2160 },
  { key: 'uhdPortrait', name: '4K portrait', width: 2160, height: 3840 },
  { key: 'hd', name: 'HD', width: 1280, height: 720 },
  { key: 'hdPortrait', name: 'HD portrait', width: 720, height: 1280 },
  { key: 'wxga', name: 'WXGA', width: 1366, height: 768 },
  { key: 'xga', name: '4:3', width: 1024, height: 768 },
  { key: 'sxga', name: '5:4', width: 1280, height: 1024 },
  { key: 'ultraWide', name: 'Ultra-wide 21:9', width: 2560, height: 1080 },
  { key: 'bar', name: 'Bar 32:9', width: 3840, height: 1080 },
  { key: 'square', name: 'Square', width: 1080, height: 1080 },
  { key: 'banner', name: 'Banner', width: 1920, height: 360 },
] as const;

export const defaultTextStyle = (size = 96): TextStyle => ({
  fontFamily: DEFAULT_FONT,
  fontSize: size,
  fontWeight: 400,
  fontStyle: 'normal',
  color: '#ffffff',
  align: 'left',
  verticalAlign: 'top',
  lineHeight: 1.2,
  letterSpacing: 0,
  shadow: null,
});

export function blankPage(id = 'page-1', duration = 10): StudioPage {
  return {
    id,
    duration,
    background: { color: '#1f2937', gradient: null, fileId: null, fit: 'cover' },
    layers: [],
  };
}

export function blankDocument(width = 1920, height = 1080): StudioDocument {
  return { version: STUDIO_VERSION, width, height, pages: [blankPage()] };
}

/**
 * A new layer of a kind, centred on a canvas of the given size; image and video layers need the library
 * file they show.
 */
export function newLayer(
  kind: LayerKind,
  id: string,
  canvas: { width: number; height: number },
  fileId = 0,
): StudioLayer {
  const width = Math.round(canvas.width / 2);
  const height = Math.round(canvas.height / (kind === 'text' || kind === 'ticker' ? 6 : 3));
  const base = {
    id,
    name: kind,
    x: Math.round((canvas.width - width) / 2),
    y: Math.round((canvas.height - height) / 2),
    width,
    height,
    rotation: 0,
    opacity: 1,
    visible: true,
    locked: false,
  };
  const style = defaultTextStyle(Math.max(8, Math.round(height * 0.6)));
  switch (kind) {
    case 'text':
      return { ...base, kind, text: 'Text', style };
    case 'image':
      return { ...base, kind, fileId, fit: 'contain' };
    case 'video':
      return { ...base, kind, fileId, fit: 'contain', muted: true };
    case 'shape':
      return {
        ...base,
        kind,
        shape: 'rectangle',
        fill: '#3b82f6',
        stroke: null,
        strokeWidth: 0,
        radius: 0,
      };
    case 'clock':
      return { ...base, kind, format: 'HH:mm', style };
    case 'date':
      return { ...base, kind, format: 'long', style };
    case 'ticker':
      return { ...base, kind, text: 'News', speed: 120, background: '#000000', style };
  }
}

/**
 * Families the editor offers: the open fonts the product ships (served by the cabinet from @fontsource
 * packages, never fetched from the internet) and the screens' own generic families.
 */
export const FONT_FAMILIES = ['Inter', 'Roboto', 'sans-serif', 'serif', 'monospace'] as const;
