import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { MapConfig } from '@vitrine/core';
import type { EnvValues } from './env.js';

export const TILE_EXTENSIONS = ['png', 'webp', 'jpg', 'jpeg'] as const;
/** Zoom levels a tile pyramid may hold (0 = the whole world in one tile). */
export const MAX_TILE_ZOOM = 22;

const numericDirs = (dir: string): number[] =>
  readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^\d{1,2}$/.test(d.name) && Number(d.name) <= MAX_TILE_ZOOM)
    .map((d) => Number(d.name))
    .sort((a, b) => a - b);

/**
 * What an offline tile pyramid holds, looked at once at start: its deepest zoom level (Leaflet scales
 * that level up beyond it) and the image type of its first tile (png unless the tiles say otherwise).
 */
export function describeTilesDir(dir: string): { maxZoom: number; ext: string } {
  const zooms = numericDirs(dir);
  let ext = 'png';
  const first = zooms[0];
  if (first !== undefined) {
    const column = numericDirs(join(dir, String(first)))[0];
    const tile =
      column === undefined
        ? undefined
        : readdirSync(join(dir, String(first), String(column))).find((name) =>
            new RegExp(`^\\d+\\.(${TILE_EXTENSIONS.join('|')})$`).test(name),
          );
    if (tile) ext = tile.slice(tile.indexOf('.') + 1);
  }
  return { maxZoom: zooms.at(-1) ?? 0, ext };
}

/**
 * The map the cabinet draws: MAP_TILE_URL when set; else the tiles in MAP_TILES_DIR at /tiles/; else no
 * tile source at all, and the web app draws the world map it bundles (no request leaves the server).
 */
export function mapConfig(e: EnvValues, tilesDir: string | undefined): MapConfig {
  const local = tilesDir ? describeTilesDir(tilesDir) : undefined;
  const tileUrl = e.MAP_TILE_URL ?? (local ? `/tiles/{z}/{x}/{y}.${local.ext}` : null);
  return {
    tileUrl,
    attribution: e.MAP_TILE_ATTRIBUTION || null,
    // A remote source's depth is unknown: the common 19. Our own pyramid says how deep it goes.
    maxNativeZoom: tileUrl?.startsWith('/tiles/') && local ? local.maxZoom : 19,
  };
}
