import { describe, expect, it } from 'vitest';
import { fontsourceFile, robotoTtf } from '../test/fonts.js';
import { FontError, clean, familyOf, readFontInfo } from './font-name.js';

/** A name table of the given records (platform, language, name ID, text), as the OpenType spec lays it. */
function nameTableOf(records: { platform: number; language: number; id: number; text: string }[]): Buffer {
  const encoded = records.map((r) =>
    r.platform === 1 ? Buffer.from(r.text, 'latin1') : Buffer.from(r.text, 'utf16le').swap16(),
  );
  const head = Buffer.alloc(6 + records.length * 12);
  head.writeUInt16BE(0, 0);
  head.writeUInt16BE(records.length, 2);
  head.writeUInt16BE(head.length, 4);
  let offset = 0;
  records.forEach((r, i) => {
    const at = 6 + i * 12;
    head.writeUInt16BE(r.platform, at);
    head.writeUInt16BE(r.platform === 1 ? 0 : 1, at + 2);
    head.writeUInt16BE(r.language, at + 4);
    head.writeUInt16BE(r.id, at + 6);
    head.writeUInt16BE(encoded[i]!.length, at + 8);
    head.writeUInt16BE(offset, at + 10);
    offset += encoded[i]!.length;
  });
  return Buffer.concat([head, ...encoded]);
}

describe('font family from the name table', () => {
  it('reads the family of TrueType, WOFF and WOFF2 files', () => {
    expect(readFontInfo(robotoTtf())).toEqual({ family: 'Roboto' });
    expect(readFontInfo(fontsourceFile('roboto', 'roboto-latin-400-normal.woff'))).toEqual({
      family: 'Roboto',
    });
    expect(readFontInfo(fontsourceFile('inter', 'inter-latin-700-normal.woff2'))).toEqual({
      family: 'Inter',
    });
  });

  it('prefers the family ID 1 in Windows English, then other languages, Unicode and Macintosh', () => {
    expect(
      familyOf(
        nameTableOf([
          { platform: 1, language: 0, id: 1, text: 'Mac Family' },
          { platform: 3, language: 0x407, id: 1, text: 'Deutsch' },
          { platform: 3, language: 0x409, id: 16, text: 'Typographic' },
          { platform: 3, language: 0x409, id: 1, text: 'Ukraïna Sans' },
          { platform: 3, language: 0x409, id: 4, text: 'Full name' },
        ]),
      ),
    ).toBe('Ukraïna Sans');
    expect(familyOf(nameTableOf([{ platform: 1, language: 0, id: 1, text: 'Mac Family' }]))).toBe(
      'Mac Family',
    );
    expect(familyOf(nameTableOf([{ platform: 3, language: 0x409, id: 16, text: 'Only 16' }]))).toBe(
      'Only 16',
    );
    expect(familyOf(nameTableOf([{ platform: 3, language: 0x409, id: 4, text: 'Full' }]))).toBeNull();
  });

  it('keeps a family fit for CSS', () => {
    expect(clean(' My "Font"\\ \u0000Name  ')).toBe('My Font Name');
    expect(clean('x'.repeat(300))).toHaveLength(100);
  });

  it('refuses what is not a font or is cut short', () => {
    expect(() => readFontInfo(Buffer.from('hello world, not a font'))).toThrow(FontError);
    expect(() => readFontInfo(robotoTtf().subarray(0, 40))).toThrow(FontError);
    const woff2 = fontsourceFile('inter', 'inter-latin-700-normal.woff2');
    expect(() => readFontInfo(woff2.subarray(0, 200))).toThrow(FontError);
    const table = nameTableOf([{ platform: 3, language: 0x409, id: 1, text: 'Cut' }]);
    expect(() => familyOf(table.subarray(0, 10))).toThrow(FontError);
  });
});
