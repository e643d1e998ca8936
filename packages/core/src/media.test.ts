import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  EXTENSION_INFO,
  MIN_FILE_SIZE,
  UPLOAD_EXTENSIONS,
  UPLOAD_MESSAGES,
  contentMatchesExtension,
  extensionOf,
  formatSize,
  isUploadExtension,
  isValidRemoteUrl,
  uploadRefusal,
} from './media.js';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe('extensions (spec §3)', () => {
  it('reads the last extension, lower-cased', () => {
    expect(extensionOf('Clip.Final.MP4')).toBe('mp4');
    expect(extensionOf('.hidden')).toBe('');
    expect(extensionOf('noext')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
  });
  it('allows exactly the spec list', () => {
    for (const ext of [
      'gif',
      'jpg',
      'jpeg',
      'png',
      'svg',
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
    ]) {
      expect(isUploadExtension(ext), ext).toBe(true);
    }
    for (const ext of ['exe', 'js', 'php', 'bmp', 'htm', '']) expect(isUploadExtension(ext), ext).toBe(false);
  });
});

describe('content sniffing', () => {
  it('recognises each format by its magic number', () => {
    expect(contentMatchesExtension('png', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe(true);
    expect(contentMatchesExtension('jpg', bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(contentMatchesExtension('gif', bytes('GIF89a'))).toBe(true);
    expect(contentMatchesExtension('mp4', bytes(0, 0, 0, 0x18, 'ftypisom'))).toBe(true);
    expect(contentMatchesExtension('mov', bytes(0, 0, 0, 0x14, 'ftypqt  '))).toBe(true);
    expect(contentMatchesExtension('webm', bytes(0x1a, 0x45, 0xdf, 0xa3))).toBe(true);
    expect(contentMatchesExtension('wav', bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBe(true);
    expect(contentMatchesExtension('avi', bytes('RIFF', 0, 0, 0, 0, 'AVI '))).toBe(true);
    expect(contentMatchesExtension('mp3', bytes('ID3', 4))).toBe(true);
    expect(contentMatchesExtension('zip', bytes('PK', 3, 4))).toBe(true);
    expect(contentMatchesExtension('7z', bytes('7z', 0xbc, 0xaf, 0x27, 0x1c))).toBe(true);
    expect(
      contentMatchesExtension('svg', new TextEncoder().encode('<?xml version="1.0"?>\n<svg xmlns="x"/>')),
    ).toBe(true);
    expect(contentMatchesExtension('html', new TextEncoder().encode('<!doctype html><html></html>'))).toBe(
      true,
    );
  });

  it('refuses content that does not match its extension', () => {
    const exe = bytes('MZ', 0x90, 0);
    for (const ext of ['png', 'jpg', 'mp4', 'zip', 'svg', 'html'] as const) {
      expect(contentMatchesExtension(ext, exe), ext).toBe(false);
    }
    expect(contentMatchesExtension('png', bytes(0xff, 0xd8, 0xff))).toBe(false);
    expect(contentMatchesExtension('svg', new TextEncoder().encode('<html><svg/></html>'))).toBe(false);
  });
});

describe('uploader messages (spec §5)', () => {
  it('are word for word', () => {
    expect(UPLOAD_MESSAGES.invalidExtension('a.exe', ['png', 'jpg'])).toBe(
      'a.exe has invalid extension. Only png, jpg are allowed.',
    );
    expect(UPLOAD_MESSAGES.tooLarge('big.mp4', '2 GB')).toBe(
      'big.mp4 is too large, maximum file size is 2 GB.',
    );
    expect(UPLOAD_MESSAGES.tooSmall('x.png', '1 B')).toBe('x.png is too small, minimum file size is 1 B.');
    expect(UPLOAD_MESSAGES.empty('x.png')).toBe('x.png is empty, please select files again without it.');
    expect(formatSize(2 * 1024 ** 3)).toBe('2 GB');
    expect(formatSize(1536)).toBe('1.5 KB');
  });
});

/** The smallest whole PNG: a 1×1 grey pixel (signature, IHDR, one IDAT, IEND). */
function smallestPng(): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 0]))),
    chunk('IEND', new Uint8Array()),
  ]);
}

describe('the smallest file of each format (spec §5: too small, minimum file size)', () => {
  it('has a floor for every allowed extension: binary formats their mandatory headers, text just a byte', () => {
    expect(Object.keys(MIN_FILE_SIZE).sort()).toEqual([...UPLOAD_EXTENSIONS].sort());
    expect(MIN_FILE_SIZE.svg).toBe(1);
    expect(MIN_FILE_SIZE.html).toBe(1);
    for (const ext of UPLOAD_EXTENSIONS.filter((e) => e !== 'svg' && e !== 'html'))
      expect(MIN_FILE_SIZE[ext], ext).toBeGreaterThanOrEqual(12);
  });

  it('lets the smallest whole PNG through and refuses it cut by one byte', () => {
    const png = smallestPng();
    expect(png.length).toBe(MIN_FILE_SIZE.png);
    expect(contentMatchesExtension('png', png)).toBe(true);
    expect(uploadRefusal('dot.png', png.length)).toBeUndefined();
    expect(uploadRefusal('dot.png', png.length - 1)).toEqual({
      code: 'UPLOAD_TOO_SMALL',
      message: 'dot.png is too small, minimum file size is 67 B.',
    });
  });

  it('judges a file by name and size in the spec’s order: extension, empty, too small, too large', () => {
    expect(uploadRefusal('tool.exe', 10_000)).toMatchObject({ code: 'UPLOAD_INVALID' });
    expect(uploadRefusal('tool.exe')?.message).toMatch(/^tool\.exe has invalid extension/);
    expect(uploadRefusal('clip.mp4')).toBeUndefined();
    expect(uploadRefusal('clip.mp4', 0)).toEqual({
      code: 'UPLOAD_INVALID',
      message: UPLOAD_MESSAGES.empty('clip.mp4'),
    });
    expect(uploadRefusal('clip.mp4', 100)).toEqual({
      code: 'UPLOAD_TOO_SMALL',
      message: 'clip.mp4 is too small, minimum file size is 216 B.',
    });
    expect(uploadRefusal('clip.mp4', 216)).toBeUndefined();
    expect(uploadRefusal('clip.mp4', 2048, 1024)).toEqual({
      code: 'UPLOAD_TOO_LARGE',
      message: 'clip.mp4 is too large, maximum file size is 1 KB.',
    });
    expect(uploadRefusal('page.html', 1)).toBeUndefined();
    expect(uploadRefusal('', 5)?.message).toBe(UPLOAD_MESSAGES.invalidExtension('?'));
  });
});

describe('remote URLs (spec §5)', () => {
  it('need http(s), a host and a path', () => {
    expect(isValidRemoteUrl('https://cdn.example.com/file.mp4')).toBe(true);
    expect(isValidRemoteUrl('ftp://cdn.example.com/file.mp4')).toBe(false);
    expect(isValidRemoteUrl('https://cdn.example.com/')).toBe(false);
    expect(isValidRemoteUrl('not a url')).toBe(false);
  });
});

describe('font files (docs/studio.md)', () => {
  const head = (text: string) => new TextEncoder().encode(text.padEnd(16, '\0'));
  it('are told by their first bytes: sfnt for ttf and otf alike, wOFF and wOF2', () => {
    const trueType = new Uint8Array([0, 1, 0, 0, 0, 12]);
    expect(contentMatchesExtension('ttf', trueType)).toBe(true);
    expect(contentMatchesExtension('otf', trueType)).toBe(true);
    expect(contentMatchesExtension('otf', head('OTTO'))).toBe(true);
    expect(contentMatchesExtension('woff', head('wOFF'))).toBe(true);
    expect(contentMatchesExtension('woff2', head('wOF2'))).toBe(true);
    expect(contentMatchesExtension('woff2', head('wOFF'))).toBe(false);
    expect(contentMatchesExtension('ttf', head('wOF2'))).toBe(false);
    expect(EXTENSION_INFO.woff2).toEqual({ mime: 'font/woff2', kind: 'font' });
  });
});
