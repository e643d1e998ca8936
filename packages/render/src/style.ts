/** CSS for layers: one function per concern, applied to plain elements. */
import type { StudioBackground, StudioLayer, TextStyle } from '@vitrine/core';

/** What a family falls back to when it is not there: shown, and warned about, never blank. */
export const FALLBACK_FONTS = 'system-ui, "DejaVu Sans", Arial, sans-serif';

export function fontStack(family: string): string {
  return `"${family.replace(/["\\]/g, '')}", ${FALLBACK_FONTS}`;
}

export function applyTextStyle(element: HTMLElement, style: TextStyle): void {
  const s = element.style;
  s.fontFamily = fontStack(style.fontFamily);
  s.fontSize = `${style.fontSize}px`;
  s.fontWeight = String(style.fontWeight);
  s.fontStyle = style.fontStyle;
  s.color = style.color;
  s.textAlign = style.align;
  s.lineHeight = String(style.lineHeight);
  s.letterSpacing = `${style.letterSpacing}px`;
  s.textShadow = style.shadow
    ? `${style.shadow.x}px ${style.shadow.y}px ${style.shadow.blur}px ${style.shadow.color}`
    : '';
  s.display = 'flex';
  s.flexDirection = 'column';
  s.justifyContent =
    style.verticalAlign === 'top' ? 'flex-start' : style.verticalAlign === 'bottom' ? 'flex-end' : 'center';
}

/** The box every layer stands in: position, size, rotation, opacity, visibility, stacking. */
export function applyBox(element: HTMLElement, layer: StudioLayer, index: number): void {
  const s = element.style;
  s.position = 'absolute';
  s.left = `${layer.x}px`;
  s.top = `${layer.y}px`;
  s.width = `${layer.width}px`;
  s.height = `${layer.height}px`;
  s.transform = layer.rotation ? `rotate(${layer.rotation}deg)` : '';
  s.transformOrigin = 'center center';
  s.opacity = String(layer.opacity);
  s.display = layer.visible ? '' : 'none';
  s.zIndex = String(index + 1);
  s.overflow = 'hidden';
  s.boxSizing = 'border-box';
}

export function applyBackground(element: HTMLElement, background: StudioBackground): void {
  element.style.background = background.gradient
    ? `linear-gradient(${background.gradient.angle}deg, ${background.color}, ${background.gradient.to})`
    : background.color;
}
