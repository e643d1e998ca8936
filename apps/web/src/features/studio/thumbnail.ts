import { toJpeg } from 'html-to-image';
import { THUMBNAIL_MAX } from '@vitrine/core';

/** The width of a thumbnail, in pixels. */
const WIDTH = 320;

/**
 * A thumbnail of the page the editor shows, taken in the browser on save (docs/studio.md): the renderer's
 * own output drawn into a small JPEG (a data: address the API stores). The editor's overlay is not in it.
 * Null when the browser cannot draw it or it comes out too large: the save goes on without one.
 */
export async function takeThumbnail(page: HTMLElement | null): Promise<string | null> {
  if (!page || page.clientWidth === 0) return null;
  try {
    const picture = await toJpeg(page, {
      quality: 0.75,
      pixelRatio: WIDTH / page.clientWidth,
      backgroundColor: '#ffffff',
      // Fonts registered with the FontFace API are not in the page's style sheets: the picture is small
      // enough that the fallback does not show.
      skipFonts: true,
      cacheBust: false,
    });
    return picture.length <= THUMBNAIL_MAX ? picture : null;
  } catch {
    return null;
  }
}
