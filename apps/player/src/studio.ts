/**
 * A widget or creation on the screen (docs/studio.md): its document, fetched from the address the cache
 * gives (offline too), drawn by the one renderer the cabinet's editor uses; the pages of a creation follow
 * one another by their durations. Shown once its fonts and pictures are in.
 */
import { documentFiles, isStudioDocument } from '@vitrine/core';
import { BUNDLED_FONTS, renderPage, type RenderedPage } from '@vitrine/render';
import type { Item } from './content';

export interface StudioLoadOptions {
  signal: AbortSignal;
  /** The address of a library file the document shows (the cache's copy when there is one). */
  fileSource: (fileId: number) => Promise<string | null>;
  timeZone: string;
  locale: string;
  warn?: (message: string) => void;
}

export async function loadStudio(item: Item, into: HTMLElement, options: StudioLoadOptions): Promise<void> {
  const response = await fetch(item.url, { signal: options.signal });
  if (!response.ok) throw new Error(`The document could not be read (${response.status})`);
  const doc: unknown = await response.json();
  if (!isStudioDocument(doc)) throw new Error('The document is not one this player can draw');
  const urls = new Map<number, string | null>();
  for (const id of documentFiles(doc)) urls.set(id, await options.fileSource(id));

  const holder = document.createElement('div');
  holder.className = 'studio';
  holder.style.position = 'absolute';
  holder.style.inset = '0';
  into.append(holder);
  const draw = (index: number): RenderedPage =>
    renderPage(holder, doc, index, {
      fileUrl: (id) => urls.get(id) ?? null,
      fonts: BUNDLED_FONTS,
      timeZone: options.timeZone,
      locale: options.locale,
      playMedia: true,
      onWarning: (w) =>
        options.warn?.(
          w.kind === 'font'
            ? `${item.name}: the font ${w.family} is missing, shown in a fallback`
            : `${item.name}: library file ${w.fileId} cannot be shown`,
        ),
    });
  let page = draw(0);
  await page.ready;
  if (doc.pages.length < 2) return;
  // The pages in turn while the document is on the stage; taken off, it stops.
  let index = 0;
  const next = () => {
    if (!holder.isConnected || options.signal.aborted) {
      page.destroy();
      return;
    }
    index = (index + 1) % doc.pages.length;
    page.destroy();
    page = draw(index);
    setTimeout(next, doc.pages[index]!.duration * 1000);
  };
  setTimeout(next, doc.pages[0]!.duration * 1000);
}
