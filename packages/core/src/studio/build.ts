/**
 * New documents and layers with the defaults the editor starts from (docs/studio.md): every field set,
 * so what is built passes the schema as it is.
 */
import type { LayerKind, StudioDocument, StudioLayer, StudioPage, TextStyle } from './document.js';
import { STUDIO_VERSION } from './document.js';

/** The family the product ships first (an @fontsource package served by the cabinet). */
export const DEFAULT_FONT = 'Inter';

/** Screen sizes the editor offers (width x height), landscape and portrait. */
export const CANVAS_SIZES = [
  { name: 'Full HD', width: 1920, height: 1080 },
  { name: 'Full HD portrait', width: 1080, height: 1920 },
  { name: '4K', width: 3840, height: 2160 },
  { name: 'HD', width: 1280, height: 720 },
  { name: 'Square', width: 1080, height: 1080 },
  { name: 'Banner', width: 1920, height: 360 },
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
