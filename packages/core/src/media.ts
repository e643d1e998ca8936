import type { ErrorCode } from './errors.js';

/**
 * Media rules shared by the server, the uploader and the player (spec §3 File and folder, §5 uploader).
 */
export const IMAGE_EXTENSIONS = ['gif', 'jpg', 'jpeg', 'png', 'svg'] as const;
/** Fonts a cabinet uploads for its widgets and creations (docs/studio.md): files of kind 'font'. */
export const FONT_EXTENSIONS = ['ttf', 'otf', 'woff', 'woff2'] as const;
export const UPLOAD_EXTENSIONS = [
  ...IMAGE_EXTENSIONS,
  'webm',
  'ogg',
  'wav',
  'avi',
  'mov',
  'mkv',
  'mp3',
  'mp4',
  'swf',
  'html',
  'zip',
  '7z',
  ...FONT_EXTENSIONS,
] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** 'stream': a live address (HLS or an endless video), played from the network, never stored. */
/** 'widget', 'creation': a studio document (docs/studio.md), its JSON stored as the file's content. */
/** 'font': a font file (ttf, otf, woff, woff2) the studio's documents may use, its family read from it. */
/** 'plugin': an instance of a plugin (docs/studio.md), its settings and page stored as the file's content. */
export const MEDIA_KINDS = [
  'image',
  'video',
  'audio',
  'text',
  'html',
  'archive',
  'flash',
  'stream',
  'widget',
  'creation',
  'plugin',
  'font',
] as const;
/** Whether a file is a studio document (a widget or a creation). */
export const isStudioKind = (kind: string): kind is 'widget' | 'creation' =>
  kind === 'widget' || kind === 'creation';
/** The type of a studio document's stored JSON. */
export const STUDIO_MIME = 'application/vnd.vitrine.studio+json';
export type MediaKind = (typeof MEDIA_KINDS)[number];
/** How a picture fills its area (spec §3 File: config): whole, cropped to fill, or stretched. */
export const FILE_FITS = ['contain', 'cover', 'fill'] as const;
export type FileFit = (typeof FILE_FITS)[number];
export const FILE_SOURCES = ['HOME', 'STOCK', 'REMOTE'] as const;
export type FileSource = (typeof FILE_SOURCES)[number];

interface ExtensionInfo {
  mime: string;
  kind: MediaKind;
}

export const EXTENSION_INFO: Record<UploadExtension, ExtensionInfo> = {
  gif: { mime: 'image/gif', kind: 'image' },
  jpg: { mime: 'image/jpeg', kind: 'image' },
  jpeg: { mime: 'image/jpeg', kind: 'image' },
  png: { mime: 'image/png', kind: 'image' },
  svg: { mime: 'image/svg+xml', kind: 'image' },
  webm: { mime: 'video/webm', kind: 'video' },
  ogg: { mime: 'video/ogg', kind: 'video' },
  wav: { mime: 'audio/wav', kind: 'audio' },
  avi: { mime: 'video/x-msvideo', kind: 'video' },
  mov: { mime: 'video/quicktime', kind: 'video' },
  mkv: { mime: 'video/x-matroska', kind: 'video' },
  mp3: { mime: 'audio/mpeg', kind: 'audio' },
  mp4: { mime: 'video/mp4', kind: 'video' },
  swf: { mime: 'application/x-shockwave-flash', kind: 'flash' },
  html: { mime: 'text/html', kind: 'html' },
  zip: { mime: 'application/zip', kind: 'archive' },
  '7z': { mime: 'application/x-7z-compressed', kind: 'archive' },
  ttf: { mime: 'font/ttf', kind: 'font' },
  otf: { mime: 'font/otf', kind: 'font' },
  woff: { mime: 'font/woff', kind: 'font' },
  woff2: { mime: 'font/woff2', kind: 'font' },
};

/** The lower-case extension of a file name, or '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isUploadExtension(ext: string): ext is UploadExtension {
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(ext);
}

/** The uploader's messages (spec §5), word for word. */
/** The root folder where playlist editors without the gallery (advertising agents) keep their creatives. */
export const CREATIVES_FOLDER = 'Creatives';

export const UPLOAD_MESSAGES = {
  invalidExtension: (file: string, extensions: readonly string[] = UPLOAD_EXTENSIONS) =>
    `${file} has invalid extension. Only ${extensions.join(', ')} are allowed.`,
  tooLarge: (file: string, sizeLimit: string) => `${file} is too large, maximum file size is ${sizeLimit}.`,
  tooSmall: (file: string, minSizeLimit: string) =>
    `${file} is too small, minimum file size is ${minSizeLimit}.`,
  empty: (file: string) => `${file} is empty, please select files again without it.`,
  leaveWarning: 'The files are being uploaded, if you leave now the upload will be cancelled.',
  alreadyExists: 'File already exist',
  alreadyUploaded: 'File already uploaded. Used exist',
  failed: 'Failed',
  contentMismatch: (file: string) => `${file} is not what its extension says.`,
  unsafeArchive: (file: string) => `${file} could not be unpacked safely.`,
} as const;

/** Human size for messages: 2 GB, 512 MB, 64 KB, 10 B (binary units). */
export function formatSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

/**
 * The smallest a file of each format can be and still be whole (spec §5 '{file} is too small, minimum file
 * size is {minSizeLimit}.'): the headers the format cannot do without, holding the least they allow. A
 * smaller file was cut short or is broken, whatever its first bytes say. Text formats (svg, html) have no
 * floor beyond not being empty.
 */
export const MIN_FILE_SIZE: Record<UploadExtension, number> = {
  // Signature and version (6), logical screen descriptor (7), trailer (1).
  gif: 14,
  // SOI (2), one 8-bit quantisation table (69), a one-component frame header (13), a scan header (10),
  // EOI (2); the Huffman tables may be left to the standard ones.
  jpg: 96,
  jpeg: 96,
  // Signature (8), IHDR (25), one IDAT holding a 1×1 image (22), IEND (12): the smallest PNG there is.
  png: 67,
  svg: 1,
  html: 1,
  // EBML header, segment info, one track entry and a cluster with one frame.
  webm: 64,
  mkv: 64,
  // The identification and comment pages of the smallest codec's stream (Opus: 47 and 44).
  ogg: 91,
  // RIFF header (12), fmt chunk (24), data chunk header (8).
  wav: 44,
  // RIFF header (12), hdrl list (12) with avih (64), strl list (12) with strh (64) and the smallest strf
  // (24), movi list (12).
  avi: 200,
  // A movie box (8) with its header mvhd (108) and one track box (8) with its header tkhd (92).
  mov: 216,
  mp4: 216,
  // One frame of the smallest MPEG audio kind (MPEG-2 layer III, 8 kbit/s at 24 kHz).
  mp3: 24,
  // Signature, version and length (8), the smallest frame rectangle (1), rate and count (4), end tag (2).
  swf: 15,
  // The end of central directory record: an empty archive.
  zip: 22,
  // The signature header: an empty archive.
  '7z': 32,
  // The offset table (12) and one table record (16).
  ttf: 28,
  otf: 28,
  // The WOFF header (44) and one table directory entry (20).
  woff: 64,
  // The WOFF2 header (48) and the shortest table directory entry (2).
  woff2: 50,
};

/** Why the uploader refuses a file before storing it: the code the server answers with, and the message. */
export interface UploadRefusal {
  code: Extract<ErrorCode, 'UPLOAD_INVALID' | 'UPLOAD_TOO_SMALL' | 'UPLOAD_TOO_LARGE'>;
  message: string;
}

/**
 * The uploader's rules of spec §5 on a file's name and size, the same in the browser (before sending) and
 * on the server: an extension not allowed, an empty file, one smaller than its format's floor, one larger
 * than `maxSize`. The size may be unknown yet (undefined): then only the name is judged.
 */
export function uploadRefusal(name: string, size?: number, maxSize?: number): UploadRefusal | undefined {
  const ext = extensionOf(name);
  if (!isUploadExtension(ext)) {
    return { code: 'UPLOAD_INVALID', message: UPLOAD_MESSAGES.invalidExtension(name || '?') };
  }
  if (size === undefined) return undefined;
  if (size === 0) return { code: 'UPLOAD_INVALID', message: UPLOAD_MESSAGES.empty(name) };
  const min = MIN_FILE_SIZE[ext];
  if (size < min) {
    return { code: 'UPLOAD_TOO_SMALL', message: UPLOAD_MESSAGES.tooSmall(name, formatSize(min)) };
  }
  if (maxSize !== undefined && size > maxSize) {
    return { code: 'UPLOAD_TOO_LARGE', message: UPLOAD_MESSAGES.tooLarge(name, formatSize(maxSize)) };
  }
  return undefined;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number): string =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

/**
 * Whether the first bytes of a file agree with its extension. Formats are told apart by their magic
 * numbers; text formats (svg, html) must look like markup. Containers shared by several extensions (mp4
 * and mov are both ISO BMFF; webm and mkv both EBML) accept each other.
 */
export function contentMatchesExtension(ext: UploadExtension, head: Uint8Array): boolean {
  switch (ext) {
    case 'gif':
      return ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a';
    case 'jpg':
    case 'jpeg':
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case 'png':
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'svg': {
      const text = new TextDecoder()
        .decode(head.subarray(0, 4096))
        .replace(/^\uFEFF/, '')
        .trimStart();
      return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text);
    }
    case 'html': {
      const text = new TextDecoder()
        .decode(head.subarray(0, 4096))
        .replace(/^\uFEFF/, '')
        .trimStart();
      return /^(<!--[\s\S]*?-->\s*)*(<!DOCTYPE html|<html|<head|<body|<meta|<div|<script|<style|<title)/i.test(
        text,
      );
    }
    case 'webm':
    case 'mkv':
      return startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]);
    case 'ogg':
      return ascii(head, 0, 4) === 'OggS';
    case 'wav':
      return ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE';
    case 'avi':
      return ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'AVI ';
    case 'mp4':
    case 'mov':
      return ['ftyp', 'moov', 'mdat', 'wide', 'free'].includes(ascii(head, 4, 8));
    case 'mp3':
      return (
        ascii(head, 0, 3) === 'ID3' ||
        (head.length >= 2 && head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)
      );
    case 'swf':
      return ['FWS', 'CWS', 'ZWS'].includes(ascii(head, 0, 3));
    case 'zip':
      return startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06]);
    case '7z':
      return startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]);
    // TrueType or CFF outlines: either may carry either extension.
    case 'ttf':
    case 'otf':
      return startsWith(head, [0x00, 0x01, 0x00, 0x00]) || ['OTTO', 'true'].includes(ascii(head, 0, 4));
    case 'woff':
      return ascii(head, 0, 4) === 'wOFF';
    case 'woff2':
      return ascii(head, 0, 4) === 'wOF2';
  }
}

/** A remote file's URL (spec §5): http(s) with a host and a path to the file. */
export function isValidRemoteUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname.includes('.') &&
      url.pathname.length > 1
    );
  } catch {
    return false;
  }
}

/** The type of a live stream by its address: HLS playlists, DASH manifests, else a video. */
export function streamMime(url: string): string {
  let path = url;
  try {
    path = new URL(url).pathname.toLowerCase();
  } catch {
    // Not a URL: judged as it is.
  }
  if (path.endsWith('.m3u8')) return 'application/vnd.apple.mpegurl';
  if (path.endsWith('.mpd')) return 'application/dash+xml';
  if (path.endsWith('.webm')) return 'video/webm';
  return 'video/mp4';
}

export const remoteUrlMessage = (host = 'https://example.com') =>
  `Not valid. Should be smth like ${host}/file.mp4`;
