/**
 * The family name of an uploaded font (docs/studio.md), read from the font's own `name` table: TrueType
 * and OpenType files (sfnt) directly, WOFF after inflating that one table, WOFF2 after the Brotli stream
 * that holds every table. Node's zlib does both decompressions; nothing else is needed. Every read is
 * bounds-checked: a file that is not what it says throws FontError.
 */
import { brotliDecompressSync, inflateSync } from 'node:zlib';

export class FontError extends Error {}

/** What the uploader keeps of a font: its family (the legacy family, name ID 1, or ID 16 without it). */
export interface FontInfo {
  family: string | null;
}

/** Decompressed tables never grow past this (a font bomb stops here). */
const MAX_TABLES_BYTES = 64 * 1024 * 1024;

const tagAt = (bytes: Buffer, at: number) => bytes.toString('latin1', at, at + 4);

function need(bytes: Buffer, end: number): void {
  if (end > bytes.length) throw new FontError('The font is cut short');
}

/** The `name` table of a font file of any of the four formats, or null when it has none. */
export function nameTable(bytes: Buffer): Buffer | null {
  need(bytes, 4);
  const signature = tagAt(bytes, 0);
  if (signature === 'wOFF') return woffName(bytes);
  if (signature === 'wOF2') return woff2Name(bytes);
  if (signature === '\0\x01\0\0' || signature === 'OTTO' || signature === 'true') return sfntName(bytes);
  throw new FontError('Not a font');
}

function sfntName(bytes: Buffer): Buffer | null {
  need(bytes, 12);
  const count = bytes.readUInt16BE(4);
  need(bytes, 12 + count * 16);
  for (let i = 0; i < count; i += 1) {
    const at = 12 + i * 16;
    if (tagAt(bytes, at) !== 'name') continue;
    const offset = bytes.readUInt32BE(at + 8);
    const length = bytes.readUInt32BE(at + 12);
    need(bytes, offset + length);
    return bytes.subarray(offset, offset + length);
  }
  return null;
}

function woffName(bytes: Buffer): Buffer | null {
  need(bytes, 44);
  const count = bytes.readUInt16BE(12);
  need(bytes, 44 + count * 20);
  for (let i = 0; i < count; i += 1) {
    const at = 44 + i * 20;
    if (tagAt(bytes, at) !== 'name') continue;
    const offset = bytes.readUInt32BE(at + 4);
    const compressed = bytes.readUInt32BE(at + 8);
    const original = bytes.readUInt32BE(at + 12);
    need(bytes, offset + compressed);
    const data = bytes.subarray(offset, offset + compressed);
    if (compressed >= original) return data;
    try {
      return inflateSync(data, { maxOutputLength: Math.min(original, MAX_TABLES_BYTES) });
    } catch {
      throw new FontError('The font cannot be inflated');
    }
  }
  return null;
}

/** WOFF2's variable-length integer (1 to 5 bytes, 7 bits each). */
function base128(bytes: Buffer, cursor: { at: number }): number {
  let value = 0;
  for (let i = 0; i < 5; i += 1) {
    need(bytes, cursor.at + 1);
    const byte = bytes[cursor.at++]!;
    if (i === 0 && byte === 0x80) throw new FontError('Bad WOFF2 number');
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return value;
  }
  throw new FontError('Bad WOFF2 number');
}

/** Known-tag indexes of WOFF2's table directory that matter here. */
const WOFF2_NAME = 5;
const WOFF2_GLYF = 10;
const WOFF2_LOCA = 11;
const ARBITRARY_TAG = 63;

function woff2Name(bytes: Buffer): Buffer | null {
  need(bytes, 48);
  if (tagAt(bytes, 4) === 'ttcf') throw new FontError('Font collections are not supported');
  const count = bytes.readUInt16BE(12);
  const compressedSize = bytes.readUInt32BE(20);
  const cursor = { at: 48 };
  // Tables follow one another in the decompressed stream in the directory's order, unpadded.
  let offset = 0;
  let name: { offset: number; length: number } | null = null;
  for (let i = 0; i < count; i += 1) {
    need(bytes, cursor.at + 1);
    const flags = bytes[cursor.at++]!;
    const known = flags & 0x3f;
    const transform = flags >> 6;
    let tag = '';
    if (known === ARBITRARY_TAG) {
      need(bytes, cursor.at + 4);
      tag = tagAt(bytes, cursor.at);
      cursor.at += 4;
    }
    const original = base128(bytes, cursor);
    // glyf and loca are transformed unless their version is 3; every other table only when non-zero.
    const glyfOrLoca = known === WOFF2_GLYF || known === WOFF2_LOCA;
    const transformed = glyfOrLoca ? transform !== 3 : transform !== 0;
    const length = transformed ? base128(bytes, cursor) : original;
    if (known === WOFF2_NAME || tag === 'name') name = { offset, length };
    offset += length;
  }
  if (!name) return null;
  need(bytes, cursor.at + compressedSize);
  let tables: Buffer;
  try {
    tables = brotliDecompressSync(bytes.subarray(cursor.at, cursor.at + compressedSize), {
      maxOutputLength: Math.min(offset, MAX_TABLES_BYTES),
    });
  } catch {
    throw new FontError('The font cannot be decompressed');
  }
  need(tables, name.offset + name.length);
  return tables.subarray(name.offset, name.offset + name.length);
}

const FAMILY = 1;
const TYPOGRAPHIC_FAMILY = 16;

/** A name record's text: UTF-16BE on the Unicode and Windows platforms, Mac Roman (read as Latin-1) else. */
function decode(platform: number, data: Buffer): string {
  if (platform === 0 || platform === 3) {
    const swapped = Buffer.from(data.subarray(0, data.length - (data.length % 2)));
    return swapped.swap16().toString('utf16le');
  }
  return data.toString('latin1');
}

/**
 * The best family a name table names: ID 1 (the family that pairs with regular, bold and italic) before
 * ID 16; Windows English before other Windows languages, before Unicode, before Macintosh records.
 */
export function familyOf(table: Buffer): string | null {
  need(table, 6);
  const count = table.readUInt16BE(2);
  const strings = table.readUInt16BE(4);
  need(table, 6 + count * 12);
  let best: { rank: number; text: string } | null = null;
  for (let i = 0; i < count; i += 1) {
    const at = 6 + i * 12;
    const platform = table.readUInt16BE(at);
    const language = table.readUInt16BE(at + 4);
    const id = table.readUInt16BE(at + 6);
    if (id !== FAMILY && id !== TYPOGRAPHIC_FAMILY) continue;
    const length = table.readUInt16BE(at + 8);
    const offset = strings + table.readUInt16BE(at + 10);
    if (offset + length > table.length) continue;
    const text = clean(decode(platform, table.subarray(offset, offset + length)));
    if (!text) continue;
    const platformRank = platform === 3 ? (language === 0x409 ? 0 : 1) : platform === 0 ? 2 : 3;
    const rank = (id === FAMILY ? 0 : 10) + platformRank;
    if (!best || rank < best.rank) best = { rank, text };
  }
  return best?.text ?? null;
}

/** A family fit to name in CSS and in a document: printable, without quotes or backslashes, 100 at most. */
export function clean(family: string): string {
  return family
    .replace(/[\p{Cc}\p{Cf}"\\]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100)
    .trim();
}

/** The family of a font file's bytes (null when it names none); throws FontError on a broken font. */
export function readFontInfo(bytes: Buffer): FontInfo {
  const table = nameTable(bytes);
  return { family: table ? familyOf(table) : null };
}
