/** What the screen tells the server in each heartbeat (PlayerReport): its player, display, storage and content. */
import type { PlayerReport } from '@vitrine/core';
import type { DisplaySchedule } from './display';
import { shellOf } from './native';
import type { Playback } from './playback';
import { clip } from './util';
import type { WallTile } from './wall';

let storageEstimate: { at: number; value: number | null } | null = null;

/** Bytes the browser still lets this site store; refreshed at most every five minutes. */
async function freeStorage(): Promise<number | null> {
  if (storageEstimate && Date.now() - storageEstimate.at < 5 * 60_000) return storageEstimate.value;
  let value: number | null = null;
  try {
    if (navigator.storage && typeof navigator.storage.estimate === 'function') {
      const estimate = await Promise.race([
        navigator.storage.estimate(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000)),
      ]);
      if (estimate && typeof estimate.quota === 'number') {
        value = Math.max(0, Math.floor(estimate.quota - (estimate.usage ?? 0)));
      }
    }
  } catch {
    value = null;
  }
  storageEstimate = { at: Date.now(), value };
  return value;
}

export interface ReportSources {
  version: string;
  playback: Playback;
  display: DisplaySchedule;
  tile: WallTile;
}

export async function screenReport({
  version,
  playback,
  display,
  tile,
}: ReportSources): Promise<PlayerReport> {
  const ratio = window.devicePixelRatio || 1;
  const name = playback.current().name;
  const contentVersion = playback.contentVersion;
  return {
    version: clip(version, 50),
    resolution: `${Math.round(window.screen.width * ratio)}x${Math.round(window.screen.height * ratio)}`,
    freeStorage: await freeStorage(),
    currentItem: name ? clip(name, 300) : null,
    uptime: Math.max(0, Math.floor(performance.now() / 1000)),
    contentVersion: contentVersion ? clip(contentVersion, 100) : null,
    native: window.vitrineNative !== undefined && window.vitrineNative !== null,
    display: display.report(),
    shell: await shellOf(),
    ...(tile.active ? { wall: tile.report() } : {}),
  };
}
