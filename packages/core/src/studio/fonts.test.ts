import { describe, expect, it } from 'vitest';
import { blankDocument, newLayer } from './build.js';
import { documentFiles, withUploadedFonts } from './contents.js';
import { StudioDocument } from './document.js';

function docWith(...families: string[]): StudioDocument {
  const doc = blankDocument();
  families.forEach((family, i) => {
    const layer = newLayer('text', `text-${i}`, doc);
    if (layer.kind === 'text') layer.style.fontFamily = family;
    doc.pages[0]!.layers.push(layer);
  });
  return doc;
}

describe('uploaded fonts in a document (docs/studio.md)', () => {
  const uploaded = [
    { id: 7, fontFamily: 'Brand Sans' },
    { id: 8, fontFamily: 'Brand Sans' },
    { id: 9, fontFamily: 'Unused Serif' },
    { id: 10, fontFamily: null },
  ];

  it('names the uploaded files of the families its text uses, and no others', () => {
    const doc = withUploadedFonts(docWith('Inter', 'Brand Sans'), uploaded);
    expect(doc.fonts).toEqual([
      { family: 'Brand Sans', fileId: 7 },
      { family: 'Brand Sans', fileId: 8 },
    ]);
    expect(StudioDocument.safeParse(doc).success).toBe(true);
    // The player caches them with the document's other files.
    expect(documentFiles(doc)).toEqual([7, 8]);
  });

  it('drops the entry of a family no longer used or no longer uploaded', () => {
    const before = withUploadedFonts(docWith('Brand Sans'), uploaded);
    expect(withUploadedFonts({ ...before, pages: docWith('Inter').pages }, uploaded)).not.toHaveProperty(
      'fonts',
    );
    expect(withUploadedFonts(before, [])).not.toHaveProperty('fonts');
  });

  it('refuses a font entry that is not a family and a file', () => {
    const doc = { ...docWith('X'), fonts: [{ family: '', fileId: 1 }] };
    expect(StudioDocument.safeParse(doc).success).toBe(false);
  });
});
