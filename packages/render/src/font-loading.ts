/**
 * Fonts before a page is shown (docs/studio.md): the shipped fonts and the cabinet's uploaded ones (a
 * document's `fonts`, loaded from their library files' addresses: the player's cache, or the cabinet's
 * signed addresses) are registered with the FontFace API, then the browser is asked to load every face
 * the page's text uses (`document.fonts.load`). A family with no face that loaded is reported missing:
 * its text shows in the system sans serif.
 */
import { documentFonts, type StudioDocument, type StudioPage } from '@vitrine/core';
import type { FontSource, RenderOptions } from './render.ts';
import { fontStack } from './style.ts';

const fontFaces = new Map<string, Promise<void>>();
const fontSet = () => (globalThis.document as Document | undefined)?.fonts;
/** Pauses before a failed face is tried again on the same page (the server busy, a cached copy not in yet). */
const RETRY_MS = [500, 2000];

/** Loads one face into the page, a few tries; a face that failed is taken back (a FontFace loads once). */
async function loadFace(source: FontSource, fonts: FontFaceSet): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const face = new FontFace(source.family, `url("${source.url}")`, {
      ...(source.weight ? { weight: source.weight } : {}),
      ...(source.style ? { style: source.style } : {}),
    });
    fonts.add(face);
    try {
      await face.load();
      return;
    } catch (error) {
      fonts.delete(face);
      const pause = RETRY_MS[attempt];
      if (pause === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/**
 * Registers a font once per page lifetime of the app; resolves when loaded or given up. One that could not
 * be loaded is forgotten, so the next page that uses the family tries again instead of the fallback for good.
 */
function registerFont(source: FontSource): Promise<void> {
  const key = `${source.family}|${source.weight ?? ''}|${source.style ?? ''}|${source.url}`;
  let loading = fontFaces.get(key);
  if (!loading) {
    const fonts = fontSet();
    loading =
      typeof FontFace === 'undefined' || !fonts
        ? Promise.resolve()
        : loadFace(source, fonts).catch(() => {
            fontFaces.delete(key);
          });
    fontFaces.set(key, loading);
  }
  return loading;
}

/** CSS's generic families: every browser has them. */
const GENERIC = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'ui-serif',
  'ui-sans-serif',
  'ui-monospace',
  'ui-rounded',
]);

const unquote = (family: string) => family.replace(/^["']|["']$/g, '');

/**
 * Whether the page can draw a family as the editor does: a generic family, or one with a face that
 * loaded. A family installed on one machine only is not counted: the screen may not have it.
 */
function fontAvailable(family: string): boolean {
  const fonts = fontSet();
  if (!fonts || typeof fonts.forEach !== 'function') return true;
  if (GENERIC.has(family.toLowerCase())) return true;
  let loaded = false;
  fonts.forEach((face) => {
    if (unquote(face.family) === family && face.status === 'loaded') loaded = true;
  });
  return loaded;
}

/** The fonts a document may use: the given ones and its uploaded ones, at the addresses `fileUrl` gives. */
export function fontSources(doc: StudioDocument, options: RenderOptions): FontSource[] {
  const uploaded = (doc.fonts ?? []).flatMap((font) => {
    const url = options.fileUrl(font.fileId);
    return url ? [{ family: font.family, url }] : [];
  });
  return [...(options.fonts ?? []), ...uploaded];
}

/** Registers and loads the faces a page's text uses, then reports each family that is not there. */
export async function loadPageFonts(
  doc: StudioDocument,
  page: StudioPage,
  options: RenderOptions,
): Promise<void> {
  const families = documentFonts({ ...doc, pages: [page] });
  await Promise.all(
    fontSources(doc, options)
      .filter((f) => families.includes(f.family))
      .map(registerFont),
  );
  const fonts = fontSet();
  if (fonts && typeof fonts.load === 'function') {
    const faces = new Set<string>();
    for (const layer of page.layers)
      if ('style' in layer)
        faces.add(
          `${layer.style.fontStyle} ${layer.style.fontWeight} 16px ${fontStack(layer.style.fontFamily).split(',')[0]}`,
        );
    await Promise.all([...faces].map((face) => fonts.load(face).catch(() => [])));
  }
  for (const family of families) if (!fontAvailable(family)) options.onWarning?.({ kind: 'font', family });
}
