import { newPlaylistDefaults, type Playlist, type PlaylistInput, type PlaylistItem } from '@vitrine/core';
import type { EditorSection } from '../PlaylistContent';

export interface Named {
  id: number;
  name: string;
}

/** The editor's state: the playlist as sent, with names and thumbnails kept beside the ids. */
export type EditorState = Omit<PlaylistInput, 'files' | 'sections' | 'points' | 'nets' | 'walls'> & {
  secondaryFile: PlaylistItem | null;
  files: PlaylistItem[];
  sections: EditorSection[];
  points: Named[];
  nets: Named[];
  walls: Named[];
};

export function fromPlaylist(p: Playlist): EditorState {
  const {
    id: _id,
    pointsTotal: _t,
    expiration: _e,
    contentDuration: _c,
    approved: _a,
    pendingChange: _p,
    createdDate: _cd,
    updatedDate: _u,
    ...rest
  } = p;
  return { ...rest, tags: p.tags.map((x) => x.id) };
}

export function fromDefaults(): EditorState {
  const d = newPlaylistDefaults(new Date());
  return {
    ...d,
    secondaryFile: null,
    files: [],
    sections: d.sections.map((s) => ({ ...s, files: [] })),
    points: [],
    nets: [],
    walls: [],
  };
}

const ref = (i: PlaylistItem) => ({ fileId: i.fileId, duration: i.duration, wallFit: i.wallFit });

export function toBody({ secondaryFile: _secondary, ...s }: EditorState): PlaylistInput {
  return {
    ...s,
    files: s.files.map(ref),
    sections: s.sections.map((x) => ({ ...x, files: x.files.map(ref) })),
    points: s.points.map((x) => x.id),
    nets: s.nets.map((x) => x.id),
    walls: s.walls.map((x) => x.id),
  };
}

/**
 * Tracking services hand out their pixel as an <img> tag: the address inside it is taken, so a pasted tag
 * works as well as a pasted address.
 */
export function pixelAddress(value: string): string {
  const tag = /<img\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/i.exec(value);
  return (tag?.[1] ?? value).trim();
}

/** Error keys a form control shows next to itself. */
export const SHOWN_ERRORS = [
  'name',
  'fromDate',
  'toDate',
  'weekDays',
  'fromTime',
  'toTime',
  'fromTime2',
  'toTime2',
  'periodicity',
  'files',
  'sections',
  'maxDuration',
  'pixel',
  'theme',
  'interval',
  'floating.position',
  'floating.size',
  'geofence.lat',
  'geofence.lng',
  'geofence.radius',
];
