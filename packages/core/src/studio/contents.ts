/**
 * What a studio document holds, read without zod (the player reads documents with these): the library
 * files and font families it names and how long its pages take.
 */
import { STUDIO_LIMITS } from './limits.js';
import type { StudioDocument } from './document.js';

/**
 * Every library file a document names (layers, backgrounds and uploaded fonts), for checks and for the
 * player's cache.
 */
export function documentFiles(doc: StudioDocument): number[] {
  const ids = new Set<number>((doc.fonts ?? []).map((f) => f.fileId));
  for (const page of doc.pages) {
    if (page.background.fileId !== null) ids.add(page.background.fileId);
    for (const layer of page.layers) if ('fileId' in layer) ids.add(layer.fileId);
  }
  return [...ids].sort((a, b) => a - b);
}

/** Every font family a document's text uses. */
export function documentFonts(doc: StudioDocument): string[] {
  const families = new Set<string>();
  for (const page of doc.pages)
    for (const layer of page.layers) if ('style' in layer) families.add(layer.style.fontFamily);
  return [...families].sort();
}

/** Seconds one pass over the document's pages takes. */
export const documentDuration = (doc: StudioDocument): number =>
  doc.pages.reduce((total, page) => total + page.duration, 0);

/**
 * The document with its `fonts` drawn from the cabinet's uploaded fonts: an entry for every uploaded file
 * of a family its text uses (shipped and generic families need none). A family no uploaded file has is
 * left out: the renderer then reports it missing.
 */
export function withUploadedFonts(
  doc: StudioDocument,
  uploaded: readonly { id: number; fontFamily?: string | null | undefined }[],
): StudioDocument {
  const used = new Set(documentFonts(doc));
  const fonts = uploaded
    .filter((f) => f.fontFamily && used.has(f.fontFamily))
    .map((f) => ({ family: f.fontFamily!, fileId: f.id }))
    .slice(0, STUDIO_LIMITS.fonts);
  const next: StudioDocument = { ...doc };
  delete next.fonts;
  return fonts.length > 0 ? { ...next, fonts } : next;
}
