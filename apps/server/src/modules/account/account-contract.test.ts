import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '@vitrine/core';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createPoint, createTeam } from '../../test/factories.js';

/**
 * The account answer's billing and members (spec §3 Account: "..., billing, messenger, members"): the
 * billing summary for the roles that see the cabinet's funds (spec §6 Funds), the members for its owner;
 * null for everyone else.
 */
describe.each(['on', 'off'] as const)('the account with billing %s', (mode) => {
  let t: TestApp;
  let team: Awaited<ReturnType<typeof createTeam>>;
  beforeAll(async () => {
    t = await buildTestApp({ BILLING: mode });
    team = await createTeam(t);
    await createPoint(t, team.cabinet.id);
  });
  afterAll(() => t.close());

  const account = async (token: string) => {
    const res = await call(t.app, 'GET', '/api/user/account', { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Account>();
  };

  it("gives the owner the cabinet's billing summary and its members", async () => {
    const mine = await account(team.owner.token);
    if (mode === 'on') {
      expect(mine.billing).toMatchObject({ balance: 0, tariff: 'free', screens: 1, screenLimit: 2 });
      expect(typeof mine.billing!.currency).toBe('string');
    } else {
      expect(mine.billing).toBeNull();
    }
    const members = mine.members!.map((m) => ({ id: m.id, role: m.role }));
    expect(members).toEqual(
      expect.arrayContaining(
        (['owner', 'moderator', 'contentManager', 'agent', 'observer'] as const).map((role) => ({
          id: team[role].row.id,
          role,
        })),
      ),
    );
    expect(members).toHaveLength(5);
    expect(JSON.stringify(mine.members)).not.toMatch(/password|twoFaSecret/i);
  });

  it('gives the other roles that open the account neither', async () => {
    for (const role of ['moderator', 'contentManager', 'agent'] as const) {
      const theirs = await account(team[role].token);
      expect({ role, billing: theirs.billing, members: theirs.members }).toEqual({
        role,
        billing: null,
        members: null,
      });
    }
  });
});
