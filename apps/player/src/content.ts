/**
 * The manifest as the player looks things up while it plays: files and playlists by id, each file's look in
 * each playlist, the backdrop a playlist's theme asks for, and what a show becomes for proof of play. The main
 * layers and the overlays read the same answers from here.
 */
import type { ItemLook, Manifest, ManifestFile, ScheduleEntry } from '@vitrine/core';
import { isStudioKind } from '@vitrine/core';
import type { MediaCache } from './cache';
import type { NewProofEvent } from './proof';

type PlaylistData = Manifest['schedule']['playlists'][number];

/** One entry of the timeline with its file, ready to present. */
export interface Item {
  fileId: number;
  playlistId: number;
  name: string;
  kind: string;
  mime: string;
  url: string;
  /** Instants (ms) the timeline gives it. */
  start: number;
  end: number;
  /** How this screen shows the file in this playlist; null: as files show by default. */
  look: ItemLook | null;
  /** The address of another file of the manifest (a widget's pictures), the cache's copy first. */
  fileSource?: (fileId: number) => Promise<string | null>;
  /** The screen's zone, for the clocks of widgets. */
  timeZone?: string;
}

/** The stage's colour for a playlist's theme: dark and no theme are black. */
export function themeColor(theme: string | null | undefined): string {
  if (theme === 'light') return '#fff';
  if (theme && /^#[0-9a-f]{6}$/i.test(theme)) return theme;
  return '#000';
}

const lookKey = (playlistId: number, fileId: number) => `${playlistId}:${fileId}`;

export class Content {
  readonly files: Map<number, ManifestFile>;
  private readonly playlists: Map<number, PlaylistData>;
  private readonly looks = new Map<string, ItemLook>();
  private readonly timeZone: string;

  constructor(manifest: Pick<Manifest, 'files' | 'schedule'>) {
    this.timeZone = manifest.schedule.screen.timezone;
    this.files = new Map(manifest.files.map((f) => [f.fileId, f]));
    this.playlists = new Map(manifest.schedule.playlists.map((p) => [p.id, p]));
    for (const p of manifest.schedule.playlists) {
      // The server resolves a look per screen and playlist, so every mention of a file in one playlist agrees.
      const items = [
        ...p.items,
        ...p.sections.flatMap((s) => s.items),
        ...(p.secondary ? [p.secondary] : []),
      ];
      for (const item of items) if (item.look) this.looks.set(lookKey(p.id, item.fileId), item.look);
    }
  }

  playlist(id: number): PlaylistData | undefined {
    return this.playlists.get(id);
  }

  look(playlistId: number, fileId: number): ItemLook | null {
    return this.looks.get(lookKey(playlistId, fileId)) ?? null;
  }

  /** The stage's background while a playlist plays (its letterboxing and its pauses). */
  backdrop(playlistId: number): string {
    return themeColor(this.playlists.get(playlistId)?.theme);
  }

  /** An entry with its file and the address to play it from, or null when its file is not in the manifest. */
  async item(entry: ScheduleEntry, cache: MediaCache | null | undefined): Promise<Item | null> {
    const file = this.files.get(entry.fileId);
    if (!file) return null;
    const url = (await cache?.source(file)) ?? file.url;
    return {
      fileId: file.fileId,
      playlistId: entry.playlistId,
      name: file.name,
      kind: file.kind,
      mime: file.mime,
      url,
      start: entry.start,
      end: entry.end,
      look: this.look(entry.playlistId, file.fileId),
      ...(isStudioKind(file.kind)
        ? {
            timeZone: this.timeZone,
            fileSource: async (id: number) => {
              const shown = this.files.get(id);
              return shown ? ((await cache?.source(shown)) ?? shown.url) : null;
            },
          }
        : {}),
      ...(file.kind === 'plugin' ? { timeZone: this.timeZone } : {}),
    };
  }

  /** The proof-of-play event of a show; null for a playlist with the no-stats option, or no time at all. */
  proof(item: Pick<Item, 'fileId' | 'playlistId'>, startedAt: number, endedAt: number): NewProofEvent | null {
    if (endedAt - startedAt < 1) return null;
    if (this.playlists.get(item.playlistId)?.noStats) return null;
    return {
      fileId: item.fileId,
      playlistId: item.playlistId,
      startedAt: new Date(startedAt).toISOString(),
      endedAt: new Date(endedAt).toISOString(),
      duration: (endedAt - startedAt) / 1000,
    };
  }
}
