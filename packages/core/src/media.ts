/**
 * Media rules shared by the server, the uploader and the player (spec §3 File and folder, §5 uploader).
 */
export const IMAGE_EXTENSIONS = ['gif', 'jpg', 'jpeg', 'png', 'svg'] as const;
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
] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

export const MEDIA_KINDS = ['image', 'video', 'audio', 'text', 'html', 'archive', 'flash'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
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

export const remoteUrlMessage = (host = 'https://example.com') =>
  `Not valid. Should be smth like ${host}/file.mp4`;
