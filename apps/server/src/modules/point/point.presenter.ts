import type { ContentChangeReason, Net, Point, PointStatus } from '@vitrine/core';
import type { NetRow, PointRow } from '../../db/schema.js';
import { playerSettings } from './content-sync.js';

export const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/**
 * Synchronised while the screen reports playing its current content; otherwise what waits, since when,
 * and when its next regular fetch brings it (a PASSIVE change), if the screen keeps fetching.
 */
export function syncState(row: PointRow): Pick<Point, 'syncStatus' | 'sync_time' | 'syncPending'> {
  const playing = row.report?.contentVersion ?? null;
  if (row.currentVersion !== null && playing === row.currentVersion) {
    return { syncStatus: 'SYNCHRONIZED', sync_time: iso(row.syncedAt), syncPending: null };
  }
  const since = row.contentChangedAt ?? row.createdAt;
  const next = row.servedAt ? new Date(row.servedAt.getTime() + row.syncInterval * 60_000) : null;
  return {
    syncStatus: 'NOT_SYNCHRONIZED',
    sync_time: null,
    syncPending: {
      since: since.toISOString(),
      change: row.contentChange ? (JSON.parse(row.contentChange) as ContentChangeReason) : null,
      expectedBy: next && next > since ? next.toISOString() : null,
    },
  };
}

/** What a screen's answer shows besides its own row, worked out for a page of screens at once. */
export interface PointRelated {
  nets: NetRow[];
  hasContent: boolean;
  /** From the fleet's presence and the screen's recent disconnections. */
  status: PointStatus;
  /** The signed address of its photo, when it has one. */
  photoUrl: string | null;
  /** Its panel is off by its working hours (core `displayOffBySchedule`). */
  displayOff: boolean;
}

/**
 * The public face of a screen row (as the users' presenter is of a user row): its settings as the player
 * gets them, its networks, status and synchronisation. Loading what it shows is the service's part.
 */
export function toPoint(row: PointRow, related: PointRelated): Point {
  // Built onto the settings object rather than spread into a new literal: V8 adds properties after an
  // object spread slowly (a page of 1,000 screens took ~50 ms here, ~3 ms this way).
  return Object.assign(
    playerSettings(row),
    {
      uid: row.uid,
      photoUrl: related.photoUrl,
      net: related.nets.map((n) => ({ id: n.id, name: n.name, color: n.color })),
      hasContent: related.hasContent,
      status: related.status,
    },
    syncState(row),
    {
      update_time: row.updatedAt.toISOString(),
      dt_gone_offline: iso(row.goneOfflineAt),
      lastSeen: iso(row.lastSeenAt),
      disconnections: row.disconnections,
      player: row.report,
      displayOff: related.displayOff,
      createdDate: row.createdAt.toISOString(),
    },
  );
}

/** The public face of a network row, with its screens. */
export function toNet(row: NetRow, points: { id: number; name: string }[]): Net {
  return { id: row.id, name: row.name, color: row.color, points };
}
