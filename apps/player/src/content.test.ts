import { describe, expect, it } from 'vitest';
import type { ManifestFile } from '@vitrine/core';
import { Content, themeColor } from './content';
import { EIGHT, playlist, screen } from './testing';

const file = (fileId: number): ManifestFile => ({
  fileId,
  name: `file-${fileId}.png`,
  kind: 'image',
  mime: 'image/png',
  url: `https://cabinet.example/api/content/${fileId}`,
  hash: null,
  size: null,
});

const cover = { volume: 50, fit: 'cover' as const, muted: null };
const quietFill = { volume: null, fit: 'fill' as const, muted: true };

const content = new Content({
  files: [file(1), file(2), file(9)],
  schedule: {
    screen,
    playlists: [
      playlist({
        id: 1,
        theme: 'light',
        items: [{ fileId: 1, seconds: 10, look: cover }],
        secondary: { fileId: 9, seconds: 5, look: quietFill },
      }),
      playlist({
        id: 2,
        type: 'BLOCK',
        theme: '#1864ab',
        noStats: true,
        sections: [
          { duration: 60, duplicate: false, order: 0, repeat: 1, items: [{ fileId: 1, seconds: 10 }] },
        ],
      }),
    ],
  },
});

describe('Content', () => {
  it("finds a file's look by playlist and file, in items, sections and secondary content", () => {
    expect(content.look(1, 1)).toEqual(cover);
    expect(content.look(1, 9)).toEqual(quietFill);
    // The same file in another playlist looks as files do by default.
    expect(content.look(2, 1)).toBeNull();
  });

  it("gives the stage a playlist's theme, black without one", () => {
    expect(content.backdrop(1)).toBe('#fff');
    expect(content.backdrop(2)).toBe('#1864ab');
    expect(content.backdrop(404)).toBe('#000');
    expect(themeColor('dark')).toBe('#000');
    expect(themeColor(null)).toBe('#000');
    expect(themeColor('red')).toBe('#000');
  });

  it('makes an entry an item with its file, address and look', async () => {
    const entry = {
      start: EIGHT,
      end: EIGHT + 10_000,
      fileId: 1,
      playlistId: 1,
      type: 'BACKGROUND' as const,
      cut: false,
    };
    expect(await content.item(entry, null)).toEqual({
      fileId: 1,
      playlistId: 1,
      name: 'file-1.png',
      kind: 'image',
      mime: 'image/png',
      url: 'https://cabinet.example/api/content/1',
      start: EIGHT,
      end: EIGHT + 10_000,
      look: cover,
    });
    expect(await content.item({ ...entry, fileId: 404 }, null)).toBeNull();
  });

  it("records shows for proof of play, except a no-stats playlist's", () => {
    expect(content.proof({ fileId: 1, playlistId: 1 }, EIGHT, EIGHT + 2500)).toEqual({
      fileId: 1,
      playlistId: 1,
      startedAt: new Date(EIGHT).toISOString(),
      endedAt: new Date(EIGHT + 2500).toISOString(),
      duration: 2.5,
    });
    expect(content.proof({ fileId: 1, playlistId: 2 }, EIGHT, EIGHT + 2500)).toBeNull();
    expect(content.proof({ fileId: 1, playlistId: 1 }, EIGHT, EIGHT)).toBeNull();
  });
});
