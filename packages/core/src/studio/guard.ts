/**
 * Whether JSON is a studio document the renderer can draw (docs/studio.md), checked without zod so the
 * player stays light: every field the renderer and the player read, with its type, its closed list and the
 * page duration's floor, and the schema's rule that layer ids are unique on a page. The schema
 * (StudioDocument in document.ts) keeps the other bounds at each save on the server; core's tests check
 * that every document the schema accepts passes this.
 */
import { isBoolean, isFields, isId, isNullOr, isNumber, isOneOf, isString, type Fields } from '../guards.js';
import type { StudioDocument } from './document.js';
import {
  CLOCK_FORMATS,
  DATE_FORMATS,
  LAYER_KINDS,
  SHAPES,
  STUDIO_FITS,
  STUDIO_VERSION,
  TEXT_ALIGNS,
  VERTICAL_ALIGNS,
  layerIdsUnique,
} from './limits.js';

const isColor = isString;

function isShadow(value: unknown): boolean {
  return isFields(value) && isColor(value.color) && [value.x, value.y, value.blur].every(isNumber);
}

function isTextStyle(value: unknown): boolean {
  if (!isFields(value)) return false;
  const s = value;
  return (
    isString(s.fontFamily) &&
    [s.fontSize, s.fontWeight, s.lineHeight, s.letterSpacing].every(isNumber) &&
    isOneOf(['normal', 'italic'], s.fontStyle) &&
    isColor(s.color) &&
    isOneOf(TEXT_ALIGNS, s.align) &&
    isOneOf(VERTICAL_ALIGNS, s.verticalAlign) &&
    isNullOr(isShadow, s.shadow)
  );
}

/** The fields each kind of layer adds to the box every layer has. */
const KIND_FIELDS: Record<(typeof LAYER_KINDS)[number], (layer: Fields) => boolean> = {
  text: (l) => isString(l.text) && isTextStyle(l.style),
  image: (l) => isId(l.fileId) && isOneOf(STUDIO_FITS, l.fit),
  video: (l) => isId(l.fileId) && isOneOf(STUDIO_FITS, l.fit) && isBoolean(l.muted),
  shape: (l) =>
    isOneOf(SHAPES, l.shape) &&
    isNullOr(isColor, l.fill) &&
    isNullOr(isColor, l.stroke) &&
    isNumber(l.strokeWidth) &&
    isNumber(l.radius),
  clock: (l) => isOneOf(CLOCK_FORMATS, l.format) && isTextStyle(l.style),
  date: (l) => isOneOf(DATE_FORMATS, l.format) && isTextStyle(l.style),
  ticker: (l) =>
    isString(l.text) && isNumber(l.speed) && isNullOr(isColor, l.background) && isTextStyle(l.style),
};

function isLayer(value: unknown): boolean {
  if (!isFields(value) || !isOneOf(LAYER_KINDS, value.kind)) return false;
  const box = [value.x, value.y, value.width, value.height, value.rotation, value.opacity];
  return (
    isString(value.id) &&
    isString(value.name) &&
    box.every(isNumber) &&
    isBoolean(value.visible) &&
    isBoolean(value.locked) &&
    KIND_FIELDS[value.kind](value)
  );
}

function isBackground(value: unknown): boolean {
  if (!isFields(value)) return false;
  const gradient = (g: unknown) => isFields(g) && isColor(g.to) && isNumber(g.angle);
  return (
    isColor(value.color) &&
    isNullOr(gradient, value.gradient) &&
    isNullOr(isId, value.fileId) &&
    isOneOf(STUDIO_FITS, value.fit)
  );
}

function isPage(value: unknown): boolean {
  return (
    isFields(value) &&
    isString(value.id) &&
    isNumber(value.duration) &&
    value.duration >= 1 &&
    isBackground(value.background) &&
    Array.isArray(value.layers) &&
    value.layers.every(isLayer)
  );
}

const isFont = (value: unknown): boolean => isFields(value) && isString(value.family) && isId(value.fileId);

export function isStudioDocument(value: unknown): value is StudioDocument {
  if (!isFields(value) || value.version !== STUDIO_VERSION) return false;
  const { width, height, pages, fonts } = value;
  if (!isNumber(width) || !isNumber(height)) return false;
  if (!Array.isArray(pages) || pages.length === 0 || !pages.every(isPage)) return false;
  if (fonts !== undefined && !(Array.isArray(fonts) && fonts.every(isFont))) return false;
  return layerIdsUnique(value as StudioDocument);
}
