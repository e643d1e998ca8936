/**
 * The tracking pixel of a playlist (spec §3 pixel: third-party tracking code): its macros, how they are
 * filled in, and whether the address is one the server may call.
 */
/**
 * The tracking pixel (spec §3 pixel: third-party tracking code) is an address the server calls once for
 * every show its screens report (proof of play), with these macros replaced by the show's values.
 */
export const PIXEL_MACROS = [
  'EVENT_ID',
  'SCREEN_ID',
  'SCREEN_NAME',
  'PLAYLIST_ID',
  'FILE_ID',
  'FILE_NAME',
  'STARTED_AT',
  'DURATION',
  'TIMESTAMP',
] as const;
export type PixelMacro = (typeof PIXEL_MACROS)[number];
const MACRO = new RegExp(`\\{(${PIXEL_MACROS.join('|')})\\}`, 'g');

/** The address with each macro replaced by its value, URL-encoded (unknown braces stay as they are). */
export function expandPixel(template: string, values: Record<PixelMacro, string | number>): string {
  return template.replace(MACRO, (_, name: PixelMacro) => encodeURIComponent(String(values[name])));
}

/** An http(s) address once its macros are filled in. */
export function isPixelUrl(template: string): boolean {
  try {
    const url = new URL(template.replace(MACRO, '0'));
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
