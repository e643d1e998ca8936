/**
 * What the screen shows, as an image for the cabinet: the current picture or video frame, at most 1280 px
 * wide; for a page, the stream of another site, or nothing at all, a dark frame naming what plays and when.
 */

export const SCREENSHOT_MAX_WIDTH = 1280;
const JPEG_QUALITY = 0.85;

export function fitSize(width: number, height: number, max = SCREENSHOT_MAX_WIDTH) {
  if (!(width > 0) || !(height > 0)) return { width: max, height: Math.round((max * 9) / 16) };
  const scale = Math.min(1, max / width);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export interface Scene {
  visual: HTMLImageElement | HTMLVideoElement | null;
  /** The first line of a text frame: what plays, or the state. */
  title: string;
  /** The second line: the screen's name. */
  subtitle: string;
  /** The stage's size, for a text frame of the same shape. */
  width: number;
  height: number;
  now: Date;
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    // Throws a SecurityError for a canvas that drew another site's picture.
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The screenshot could not be encoded'))),
      type,
      quality,
    );
  });
}

function mediaSize(visual: HTMLImageElement | HTMLVideoElement): { width: number; height: number } {
  if (visual instanceof HTMLVideoElement) return { width: visual.videoWidth, height: visual.videoHeight };
  return { width: visual.naturalWidth, height: visual.naturalHeight };
}

function drawMedia(visual: HTMLImageElement | HTMLVideoElement): HTMLCanvasElement | null {
  const natural = mediaSize(visual);
  if (!natural.width || !natural.height) return null;
  const { width, height } = fitSize(natural.width, natural.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(visual, 0, 0, width, height);
  return canvas;
}

export function drawTextFrame(scene: Scene): HTMLCanvasElement {
  const { width, height } = fitSize(scene.width, scene.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return canvas;
  context.fillStyle = '#111318';
  context.fillRect(0, 0, width, height);
  const unit = Math.min(width, height) / 18;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  const line = (text: string, y: number, size: number, color: string) => {
    context.font = `${Math.round(size)}px system-ui, sans-serif`;
    context.fillStyle = color;
    context.fillText(text, width / 2, y, width * 0.9);
  };
  line(scene.title, height / 2 - unit * 1.2, unit * 1.4, '#f2f2f2');
  line(scene.subtitle, height / 2 + unit * 0.6, unit * 0.8, '#a0a4ad');
  line(scene.now.toLocaleString(), height / 2 + unit * 2, unit * 0.7, '#a0a4ad');
  return canvas;
}

/** The screenshot as JPEG (a picture) or PNG (a text frame). */
export async function capture(scene: Scene): Promise<Blob> {
  if (scene.visual) {
    try {
      const canvas = drawMedia(scene.visual);
      if (canvas) return await toBlob(canvas, 'image/jpeg', JPEG_QUALITY);
    } catch {
      // Another site's picture taints the canvas: the text frame says what plays instead.
    }
  }
  return toBlob(drawTextFrame(scene), 'image/png');
}
