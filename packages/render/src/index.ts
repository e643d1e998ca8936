export {
  renderPage,
  type FontSource,
  type RenderOptions,
  type RenderWarning,
  type RenderedPage,
} from './render.ts';
export { clockText, dateText } from './time.ts';
export { FALLBACK_FONTS, fontStack } from './style.ts';
export { BUNDLED_FONTS } from './fonts.ts';
