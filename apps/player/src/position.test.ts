import { afterEach, describe, expect, it, vi } from 'vitest';
import { changesFences, plannedAt, positionOf, readPosition, watchPosition, type Position } from './position';
import { playlist, screen } from './testing';

/** Two areas: the old town (500 m) and the station (300 m), 2 km apart. */
const playlists = [
  { id: 1, geofence: { lat: 41.8986, lng: 12.4769, radius: 500 } },
  { id: 2, geofence: { lat: 41.9009, lng: 12.5018, radius: 300 } },
  { id: 3, geofence: null },
];
const oldTown: Position = { lat: 41.8986, lng: 12.4769 };
const nearOldTown: Position = { lat: 41.8995, lng: 12.4775 };
const station: Position = { lat: 41.901, lng: 12.5015 };
const between: Position = { lat: 41.9, lng: 12.49 };

describe('planning again for a position', () => {
  it('plans again only when the screen moves into or out of an area', () => {
    expect(changesFences(oldTown, nearOldTown, playlists)).toBe(false);
    expect(changesFences(oldTown, between, playlists)).toBe(true);
    expect(changesFences(between, station, playlists)).toBe(true);
    expect(changesFences(oldTown, station, playlists)).toBe(true);
    // Moving about outside every area changes nothing; nor does any move without geofences.
    expect(changesFences(between, { lat: 45, lng: 9 }, playlists)).toBe(false);
    expect(changesFences(oldTown, between, [{ id: 3, geofence: null }])).toBe(false);
    // A screen with no location setting is in no area.
    expect(changesFences(null, between, playlists)).toBe(false);
    expect(changesFences(null, oldTown, playlists)).toBe(true);
  });

  it('plans with the live position in place of the setting', () => {
    const schedule = { screen: { ...screen, position: oldTown }, playlists: [playlist({ id: 1 })] };
    expect(plannedAt(schedule, null)).toBe(schedule);
    expect(plannedAt(schedule, station).screen).toEqual({ ...screen, position: station });
    expect(schedule.screen.position).toBe(oldTown);
  });
});

describe('the live position', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes { lat, lng } as it is or as JSON text', () => {
    expect(positionOf({ lat: 41.9, lng: 12.5 })).toEqual({ lat: 41.9, lng: 12.5 });
    expect(positionOf('{"lat":41.9,"lng":12.5,"accuracy":8}')).toEqual({ lat: 41.9, lng: 12.5 });
    expect(positionOf(null)).toBeNull();
    expect(positionOf('no fix')).toBeNull();
    expect(positionOf({ lat: 91, lng: 0 })).toBeNull();
    expect(positionOf({ lat: Number.NaN, lng: 0 })).toBeNull();
    expect(positionOf({ latitude: 41.9, longitude: 12.5 })).toBeNull();
  });

  it('asks a native shell first, whether it answers at once or later', async () => {
    const geolocation = { getCurrentPosition: vi.fn() } as unknown as Geolocation;
    expect(await readPosition({ native: { position: () => station }, geolocation })).toEqual(station);
    expect(await readPosition({ native: { position: async () => JSON.stringify(oldTown) } })).toEqual(
      oldTown,
    );
    expect(await readPosition({ native: { position: () => null }, geolocation })).toBeNull();
    expect(geolocation.getCurrentPosition).not.toHaveBeenCalled();
  });

  it("reads the browser's position only where the permission is granted already: it never asks", async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: station.lat, longitude: station.lng } } as GeolocationPosition),
    );
    const geolocation = { getCurrentPosition } as unknown as Geolocation;
    const permission = (state: PermissionState) =>
      ({ query: vi.fn(async () => ({ state })) }) as unknown as Permissions;
    expect(await readPosition({ geolocation, permissions: permission('prompt') })).toBeNull();
    expect(await readPosition({ geolocation, permissions: permission('denied') })).toBeNull();
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(await readPosition({ geolocation, permissions: permission('granted') })).toEqual(station);
    expect(await readPosition({ geolocation })).toBeNull();
    expect(await readPosition({})).toBeNull();
  });

  it('is read every 30 s while something is bound to coordinates, a failure logged once', async () => {
    vi.useFakeTimers();
    let needed = false;
    const answers: (Position | Error)[] = [
      oldTown,
      new Error('bridge gone'),
      new Error('bridge gone'),
      station,
    ];
    const read = vi.fn(async () => {
      const answer = answers.shift()!;
      if (answer instanceof Error) throw answer;
      return answer;
    });
    const seen: Position[] = [];
    const warn = vi.fn();
    const watch = watchPosition({
      read,
      needed: () => needed,
      log: { warn },
      onPosition: (p) => seen.push(p),
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read).not.toHaveBeenCalled();
    needed = true;
    watch.check();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([oldTown]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read).toHaveBeenCalledTimes(3);
    expect(warn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(seen).toEqual([oldTown, station]);
    watch.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(read).toHaveBeenCalledTimes(4);
  });
});
