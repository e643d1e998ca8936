import { describe, expect, it } from 'vitest';
import { newPlaylistDefaults, type Playlist, type PlaylistItem } from '@vitrine/core';
import { diffPlaylists, type Translate } from './review';

/** Keys and their options, so the test reads what would be translated. */
const t: Translate = (key, options) => (options ? `${key}${JSON.stringify(options)}` : key);

const file = (fileId: number, name: string, duration: number | null = 10): PlaylistItem => ({
  fileId,
  duration,
  wallFit: null,
  name,
  mime: 'image/png',
  kind: 'image',
  mediaDuration: null,
  thumbUrl: null,
});

function playlist(overrides: Partial<Playlist> = {}): Playlist {
  const d = newPlaylistDefaults(new Date(2030, 0, 1));
  return {
    ...d,
    id: 7,
    files: [],
    sections: d.sections.map((s) => ({ ...s, files: [] })),
    points: [],
    nets: [],
    walls: [],
    tags: [],
    secondaryFile: null,
    pointsTotal: 0,
    expiration: 'ACTIVE',
    contentDuration: 0,
    approved: true,
    pendingChange: null,
    createdDate: '2030-01-01T00:00:00.000Z',
    updatedDate: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const row = (rows: ReturnType<typeof diffPlaylists>, field: string) => rows.find((r) => r.field === field)!;

describe('the approval diff', () => {
  it('marks only the fields that differ', () => {
    const before = playlist({ name: 'Lobby', weekDays: [1, 2, 3] });
    const after = playlist({ name: 'Lobby, spring', weekDays: [1, 2, 3] });
    const rows = diffPlaylists(before, after, t);
    expect(rows.filter((r) => r.changed).map((r) => r.field)).toEqual(['name']);
    expect(row(rows, 'name')).toMatchObject({
      approved: { kind: 'text', text: 'Lobby' },
      pending: { kind: 'text', text: 'Lobby, spring' },
    });
    expect(rows.map((r) => r.field)).toEqual(
      expect.arrayContaining([
        'fromDate',
        'toDate',
        'fromTime',
        'type',
        'files',
        'sections',
        'points',
        'nets',
      ]),
    );
  });

  it('shows file, screen and tag names, marking what was added and removed', () => {
    const before = playlist({
      files: [file(1, 'a.png'), file(2, 'b.png')],
      points: [{ id: 5, name: 'Hall' }],
      tags: [{ id: 9, name: 'Summer' }],
    });
    const after = playlist({
      files: [file(2, 'b.png'), file(3, 'c.png', 7)],
      points: [
        { id: 5, name: 'Hall' },
        { id: 6, name: 'Door' },
      ],
      tags: [{ id: 9, name: 'Summer' }],
    });
    const rows = diffPlaylists(before, after, t);
    const files = row(rows, 'files');
    expect(files.changed).toBe(true);
    expect(files.approved).toEqual({
      kind: 'list',
      inline: false,
      entries: [
        { key: '1:10#1', text: 'playlists.review.item{"name":"a.png","seconds":10}', mark: 'removed' },
        { key: '2:10#1', text: 'playlists.review.item{"name":"b.png","seconds":10}', mark: 'same' },
      ],
    });
    expect(files.pending.kind === 'list' && files.pending.entries.map((e) => [e.text, e.mark])).toEqual([
      ['playlists.review.item{"name":"b.png","seconds":10}', 'same'],
      ['playlists.review.item{"name":"c.png","seconds":7}', 'added'],
    ]);
    const points = row(rows, 'points');
    expect(points.pending.kind === 'list' && points.pending.entries.map((e) => [e.text, e.mark])).toEqual([
      ['Hall', 'same'],
      ['Door', 'added'],
    ]);
    expect(row(rows, 'tags').changed).toBe(false);
  });

  it('tells a changed duration or order from an unchanged list, and a rename from a new screen', () => {
    const before = playlist({
      files: [file(1, 'a.png', 10), file(2, 'b.png')],
      points: [{ id: 5, name: 'Hall' }],
    });
    const reordered = playlist({
      files: [file(2, 'b.png'), file(1, 'a.png', 10)],
      points: [{ id: 5, name: 'Main hall' }],
    });
    const rows = diffPlaylists(before, reordered, t);
    expect(row(rows, 'files').changed).toBe(true);
    // Same ids: a screen renamed meanwhile is the same target, not a change.
    expect(row(rows, 'points').changed).toBe(false);
    const longer = diffPlaylists(
      before,
      playlist({ ...before, files: [file(1, 'a.png', 12), file(2, 'b.png')] }),
      t,
    );
    expect(row(longer, 'files').pending).toMatchObject({ entries: [{ mark: 'added' }, { mark: 'same' }] });
  });

  it('compares block sections with their files, weekdays Monday first, and a new playlist field by field', () => {
    const before = playlist({ type: 'BLOCK', weekDays: [0, 1, 6] });
    const after = playlist({
      type: 'BLOCK',
      weekDays: [0, 1],
      sections: [{ duration: 300, duplicate: true, order: 0, repeat: 2, files: [file(4, 'spot.png', 5)] }],
    });
    const rows = diffPlaylists(before, after, t);
    expect(row(rows, 'weekDays').approved).toMatchObject({
      entries: [
        { text: 'playlists.days.1', mark: 'same' },
        { text: 'playlists.days.6', mark: 'removed' },
        { text: 'playlists.days.0', mark: 'same' },
      ],
    });
    const sections = row(rows, 'sections');
    expect(sections.changed).toBe(true);
    expect(sections.pending.kind === 'list' && sections.pending.entries[0]!.text).toContain('spot.png');
    expect(sections.pending.kind === 'list' && sections.pending.entries[0]!.text).toContain(
      'playlists.review.duplicate',
    );

    const fresh = diffPlaylists(null, after, t);
    expect(fresh.every((r) => r.changed && r.approved.kind === 'text' && r.approved.text === '—')).toBe(true);
  });
});
