import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam, type TestUser } from '../../test/factories.js';
import { pairPlayer } from '../../test/player.js';

/**
 * New playlists saved at once that reach overlapping screens: each moves those screens' content versions
 * (content-sync.ts). On PostgreSQL the saves run side by side; two that updated the same screens in
 * different orders deadlocked, and one of them answered 500 (seen seeding the 1,000-row list pages).
 */
let t: TestApp;
let owner: TestUser;
const screens: number[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  owner = (await createTeam(t)).owner;
  for (let i = 0; i < 12; i += 1) screens.push((await pairPlayer(t, owner, `Screen ${i}`)).point.id);
});
afterAll(() => t.close());

/** Screens `from` on, `count` of them, wrapping round, in the order given (reversed for odd rounds). */
function reach(from: number, count: number, reversed: boolean): number[] {
  const ids = Array.from({ length: count }, (_, i) => screens[(from + i) % screens.length]!);
  return reversed ? ids.reverse() : ids;
}

describe('playlists saved together', () => {
  it('all save: none is cancelled as a deadlock', async () => {
    for (let round = 0; round < 3; round += 1) {
      const saves = Array.from({ length: 16 }, (_, i) =>
        call(t.app, 'POST', '/api/playlist/post', {
          token: owner.token,
          body: { name: `Round ${round} playlist ${i}`, points: reach(i * 5, 8, i % 2 === 1) },
        }),
      );
      const answers = await Promise.all(saves);
      expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    }
    const listed = await call(t.app, 'GET', '/api/playlist?limit=100', { token: owner.token });
    expect((listed.json() as { total: number }).total).toBe(48);
  });
});
