/**
 * Where the screen stands, for content bound to coordinates (a playlist's geofence). The manifest carries
 * the screen's location setting and plans with it; a screen that moves may know better: a native shell's
 * `window.vitrineNative.position()`, else the browser's geolocation, but only where its permission is
 * already granted (a kiosk has nobody to answer a prompt, so the player never asks). The live position is
 * read every 30 s, and the day is planned again only when it moves the screen into or out of a playlist's
 * area: a plan made again for nothing would only cost the screen its time.
 */
import { insideGeofence, type Geofence, type ScheduleInputData } from '@vitrine/core';
import { bridged, errorText } from './util';

export interface Position {
  lat: number;
  lng: number;
}

export const POSITION_POLL_MS = 30_000;
const GEOLOCATION_TIMEOUT_MS = 10_000;

/** The plan's input with the screen standing at `position`; the manifest's own position without one. */
export function plannedAt(schedule: ScheduleInputData, position: Position | null): ScheduleInputData {
  return position ? { ...schedule, screen: { ...schedule.screen, position } } : schedule;
}

/** The geofenced playlists whose area holds `position`, as one comparable text. */
function fencesHolding(
  position: Position | null | undefined,
  playlists: readonly { id: number; geofence?: Geofence | null }[],
): string {
  return playlists
    .filter((p) => p.geofence && insideGeofence(position, p.geofence))
    .map((p) => p.id)
    .join(',');
}

/** Whether moving from `before` to `after` changes which playlists' areas hold the screen. */
export function changesFences(
  before: Position | null | undefined,
  after: Position | null | undefined,
  playlists: readonly { id: number; geofence?: Geofence | null }[],
): boolean {
  return fencesHolding(before, playlists) !== fencesHolding(after, playlists);
}

/** `{ lat, lng }` (or its JSON text) with both in range; anything else is no position. */
export function positionOf(answer: unknown): Position | null {
  const value = bridged(answer);
  if (typeof value !== 'object' || value === null) return null;
  const { lat, lng } = value as { lat?: unknown; lng?: unknown };
  if (typeof lat !== 'number' || typeof lng !== 'number') return null;
  if (!(Math.abs(lat) <= 90) || !(Math.abs(lng) <= 180)) return null;
  return { lat, lng };
}

export interface PositionEnvironment {
  native?: VitrineNative | null;
  geolocation?: Geolocation | null;
  permissions?: Permissions | null;
}

const browser = (): PositionEnvironment => ({
  native: (globalThis as { vitrineNative?: VitrineNative | null }).vitrineNative,
  geolocation: globalThis.navigator?.geolocation,
  permissions: globalThis.navigator?.permissions,
});

/**
 * The live position: the native shell's when it offers one, else the browser's where the permission is
 * granted already; null when neither can say. Asked each time, since a shell's bridge or a kiosk policy may
 * come after the page.
 */
export async function readPosition(env: PositionEnvironment = browser()): Promise<Position | null> {
  if (env.native && typeof env.native.position === 'function') {
    return positionOf(await env.native.position());
  }
  const { geolocation, permissions } = env;
  if (!geolocation || typeof permissions?.query !== 'function') return null;
  const status = await permissions.query({ name: 'geolocation' });
  if (status.state !== 'granted') return null;
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      (fix) => resolve({ lat: fix.coords.latitude, lng: fix.coords.longitude }),
      () => resolve(null),
      { maximumAge: POSITION_POLL_MS, timeout: GEOLOCATION_TIMEOUT_MS },
    );
  });
}

export interface PositionWatchOptions {
  onPosition: (position: Position) => void;
  log: { warn(message: string): void };
  /** Whether anything is bound to coordinates: without it, nothing is read (no GPS woken for nothing). */
  needed: () => boolean;
  read?: () => Promise<Position | null>;
  intervalMs?: number;
}

/**
 * Reads the live position now and every 30 s while `needed()`, and on `check()` (new content may have
 * brought the first geofence); a failure is logged once until a read works again.
 */
export function watchPosition(options: PositionWatchOptions): { check(): void; stop(): void } {
  const read = options.read ?? (() => readPosition());
  let failed = false;
  let reading = false;
  const poll = async () => {
    if (reading || !options.needed()) return;
    reading = true;
    try {
      const position = await read();
      failed = false;
      if (position) options.onPosition(position);
    } catch (error) {
      if (!failed) options.log.warn(`The screen's position could not be read: ${errorText(error)}`);
      failed = true;
    } finally {
      reading = false;
    }
  };
  void poll();
  const timer = setInterval(() => void poll(), options.intervalMs ?? POSITION_POLL_MS);
  return {
    check: () => void poll(),
    stop: () => clearInterval(timer),
  };
}
