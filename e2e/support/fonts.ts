import { fontsourceFile, woffToSfnt } from '../../apps/server/src/test/fonts.js';

/** The sum of a table's 32-bit words, as an sfnt's table directory records it. */
function checksum(table: Buffer): number {
  const padded = Buffer.alloc(Math.ceil(table.length / 4) * 4);
  table.copy(padded);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

/**
 * Roboto regular as a TrueType file whose name table calls it `family` (six letters, as 'Roboto' has,
 * so no offset moves): a font of a family the product does not ship.
 */
export function renamedTtf(family: string): Buffer {
  if (family.length !== 6) throw new Error('The family takes the place of "Roboto": six letters');
  const font = woffToSfnt(fontsourceFile('roboto', 'roboto-latin-400-normal.woff'));
  const count = font.readUInt16BE(4);
  for (let i = 0; i < count; i += 1) {
    const at = 12 + i * 16;
    if (font.toString('latin1', at, at + 4) !== 'name') continue;
    const offset = font.readUInt32BE(at + 8);
    const table = font.subarray(offset, offset + font.readUInt32BE(at + 12));
    for (const [from, to] of [
      [Buffer.from('Roboto', 'utf16le').swap16(), Buffer.from(family, 'utf16le').swap16()],
      [Buffer.from('Roboto', 'latin1'), Buffer.from(family, 'latin1')],
    ] as const)
      for (let found = table.indexOf(from); found >= 0; found = table.indexOf(from, found + 1))
        to.copy(table, found);
    font.writeUInt32BE(checksum(table), at + 4);
  }
  return font;
}
