import { readFile } from 'node:fs/promises';
import { UPLOAD_MESSAGES, type MediaKind } from '@vitrine/core';
import type { FileRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { FontError, clean as cleanFamily, readFontInfo } from '../../lib/font-name.js';
import {
  hasFfmpeg,
  imageThumbnail,
  measureImage,
  measureMedia,
  videoPoster,
  type Measured,
} from '../../lib/probe.js';

/** What the browser measured, used only when the server cannot (no ffmpeg here). */
export interface BrowserMeasure {
  width?: number;
  height?: number;
  duration?: number;
}

/**
 * An uploaded font's family, read from its name table; a font that names none takes its file's name. A
 * file whose tables cannot be read is not the font its extension says.
 */
export async function fontFamilyOf(path: string, name: string): Promise<string> {
  try {
    const { family } = readFontInfo(await readFile(path));
    return family ?? (cleanFamily(name.replace(/\.[^.]+$/, '')) || name);
  } catch (error) {
    if (error instanceof FontError)
      throw new AppError('UPLOAD_INVALID', UPLOAD_MESSAGES.contentMismatch(name));
    throw error;
  }
}

/**
 * An upload's dimensions and duration, and its thumbnail written to `thumbPath`: measured by the server
 * (an image always, video and audio with ffmpeg), else taken from what the browser measured.
 */
export async function measureUpload(
  kind: MediaKind,
  path: string,
  thumbPath: string,
  browser: BrowserMeasure,
): Promise<{ measured: Measured; measuredBy: FileRow['measuredBy']; thumb: boolean }> {
  const none: Measured = { width: null, height: null, duration: null };
  if (kind === 'image') {
    try {
      const measured = await measureImage(path);
      await imageThumbnail(path, thumbPath);
      return { measured, measuredBy: 'server', thumb: true };
    } catch {
      throw new AppError('UPLOAD_INVALID', UPLOAD_MESSAGES.failed);
    }
  }
  if (kind === 'video' || kind === 'audio') {
    if (await hasFfmpeg()) {
      let measured: Measured;
      try {
        measured = await measureMedia(path);
      } catch {
        throw new AppError('UPLOAD_INVALID', UPLOAD_MESSAGES.failed);
      }
      let thumb = false;
      if (kind === 'video' && measured.width) {
        thumb = await videoPoster(path, thumbPath, measured.duration).then(
          () => true,
          () => false,
        );
      }
      return { measured, measuredBy: 'server', thumb };
    }
    return {
      measured: {
        width: browser.width ?? null,
        height: browser.height ?? null,
        duration: browser.duration ?? null,
      },
      measuredBy: browser.duration !== undefined ? 'browser' : null,
      thumb: false,
    };
  }
  return { measured: none, measuredBy: null, thumb: false };
}
