import { Dashboard } from '@vitrine/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dashboardJson } from './dashboard.json.js';

const dashboard = (
  fullness: Dashboard['fullness'],
  planning: Dashboard['planning'] = { perSecond: 12.5, estimateSeconds: 80 },
): Dashboard => ({
  space: { used: 1_048_576, quota: 5_368_709_120 },
  points: { total: 3, online: 1, offline: 2, withoutContent: 1 },
  playlists: { active: 2, expiring: 1, expired: 0 },
  billing: null,
  planning,
  fullness,
});

const view = (): Dashboard['fullness'] => ({
  range: '2w',
  days: 14,
  average: 0.25,
  pending: 1,
  points: [
    { id: 1, name: 'Lobby "east"', fullness: 0.5, capacity: 1209.6, advertising: 604.8 },
    { id: 2, name: 'Кафе', fullness: 0, capacity: 0, advertising: 0 },
  ],
});

/** What the contract's serialiser answers: the whole schema's encoding, stringified. */
const bySchema = (value: Dashboard) => JSON.stringify(z.encode(Dashboard, value));

describe('the dashboard answer as JSON', () => {
  it('is byte for byte what the whole schema encodes, the first time and again', () => {
    const fullness = view();
    expect(dashboardJson(dashboard(fullness))).toBe(bySchema(dashboard(fullness)));
    const changed = {
      ...dashboard(fullness),
      points: { total: 4, online: 2, offline: 2, withoutContent: 0 },
    };
    expect(dashboardJson(changed)).toBe(bySchema(changed));
    const planned = dashboard(fullness, null);
    expect(dashboardJson(planned)).toBe(bySchema(planned));
  });

  it('encodes each fullness view once: the same view answers its first encoding', () => {
    const fullness = view();
    const first = dashboardJson(dashboard(fullness));
    // The service never changes a view it handed out; if it did, the kept encoding would still be served.
    fullness.average = 0.75;
    expect(dashboardJson(dashboard(fullness))).toBe(first);
    // A new view (what FullnessService makes when its rows change) is encoded anew.
    const next = { ...view(), average: 0.75 };
    expect(JSON.parse(dashboardJson(dashboard(next))).fullness.average).toBe(0.75);
  });

  it('refuses what the schema refuses, in either part', () => {
    const badView = { ...view(), pending: 1.5 };
    expect(() => dashboardJson(dashboard(badView))).toThrow();
    const badFigures = { ...dashboard(view()), points: { total: 'three' } } as unknown as Dashboard;
    expect(() => dashboardJson(badFigures)).toThrow();
  });
});
