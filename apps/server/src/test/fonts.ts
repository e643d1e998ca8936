/**
 * Real fonts for tests: the open fonts the product ships (@fontsource, OFL and Apache licensed), and a
 * TrueType file made from one of their WOFF files (the tables inflated, laid out as an sfnt), so no binary
 * fixture is committed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';

const require = createRequire(import.meta.url);

/** A file of an @fontsource package, e.g. fontsourceFile('roboto', 'roboto-latin-400-normal.woff2'). */
export const fontsourceFile = (pkg: string, file: string): Buffer =>
  readFileSync(require.resolve(`@fontsource/${pkg}/files/${file}`));

/** The sfnt (TrueType or OpenType) inside a WOFF 1 file. */
export function woffToSfnt(woff: Buffer): Buffer {
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const original = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: compressed < original ? inflateSync(raw) : raw,
    };
  });
  const header = Buffer.alloc(12 + count * 16);
  const power = 2 ** Math.floor(Math.log2(count));
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const at = 12 + i * 16;
    table.tag.copy(header, at);
    header.writeUInt32BE(table.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(table.data.length, at + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/** Roboto regular as a TrueType file (about 40 KB). */
export const robotoTtf = (): Buffer => woffToSfnt(fontsourceFile('roboto', 'roboto-latin-400-normal.woff'));
