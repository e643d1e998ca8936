import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './test/build.js';
import { baselineRequest, operations, type Operation } from './test/fuzz.js';
import { baseline, buildFuzzWorld, sendFuzz, type FuzzWorld } from './test/fuzz-world.js';

/**
 * Every write operation of the OpenAPI document sent 20 at a time, as planned (test/fuzz.ts's baseline),
 * on PostgreSQL with billing on and the Enterprise tariff, so no limit refuses them before they race:
 * no answer is a 500 (a 503 UNAVAILABLE is allowed: the pool was saturated), and no count the tariff
 * guards is passed (the balance is the ledger's sum and never below zero, the library within its quota,
 * the screens within the tariff's limit). PGlite serves one request at a time: nothing races there.
 */
const onPostgres = inject('testDb').driver === 'pg';
const PARALLEL = 20;

/** Runs last: operations that end sessions or remove the rows the others name. */
const ENDS = /remove|delete|logout|revoke|switch-cabinet|disable|block/i;

describe.runIf(onPostgres)('the API under parallel writes (PostgreSQL)', () => {
  let t: TestApp;
  let world: FuzzWorld;
  beforeAll(async () => {
    t = await buildTestApp({
      BILLING: 'on',
      PUBLIC_FORM_RATE: '100000',
      PAIRING_RATE: '10000',
      BIND_FAILURES: '1000',
    });
    world = await buildFuzzWorld(t, async (cabinet) => {
      await t.repos.billing.setTerms(cabinet.id, { tariff: 'enterprise' });
      await t.repos.billing.addEntry(cabinet.id, { reason: 'topUp', amount: 100_000_000, note: 'fuzz' });
    });
  });
  afterAll(() => t.close());

  it('answers every write sent 20 at a time without a 500, and no count passes its limit', async () => {
    const doc = (await call(t.app, 'GET', '/api/docs/json')).json();
    const writes = operations(doc, (path) => !path.startsWith('/api/') || path.startsWith('/api/docs'))
      // A route taking POST and PATCH alike is one handler: sent once.
      .filter(
        (op, i, all) =>
          op.method !== 'GET' && all.findIndex((o) => o.path === op.path && o.method !== 'GET') === i,
      )
      .sort((a, b) => Number(ENDS.test(a.path)) - Number(ENDS.test(b.path)));
    expect(writes.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let sent = 0;
    for (const op of writes) {
      const request = baselineRequest(op, baseline(world, op));
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () => sendFuzz(t, world, request, sent++)),
      );
      for (const res of answers) {
        if (res.statusCode >= 500 && !(res.statusCode === 503 && res.json().code === 'UNAVAILABLE'))
          failures.push(`${label(op)} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures.slice(0, 40), `${failures.length} failures of ${sent} requests`).toEqual([]);
    await expectCountsHeld();
  }, 120_000);

  /** Every cabinet's balance is its ledger's sum and not negative; library and screens within limits. */
  async function expectCountsHeld() {
    const { rows } = await t.database.executeSql(
      `select c.id, c.balance, c.tariff, coalesce(l.sum, 0)::bigint as sum,
              (select count(*) from points p where p.cabinet_id = c.id)::int as screens,
              t.screen_limit
       from cabinets c
       left join (select cabinet_id, sum(amount) as sum from ledger_entries group by cabinet_id) l
         on l.cabinet_id = c.id
       left join tariff_plans t on t.id = c.tariff
       where not c.is_platform`,
    );
    type Row = { id: number; balance: string; sum: string; screens: number; screen_limit: number | null };
    for (const row of rows as Row[]) {
      expect(Number(row.balance), `cabinet ${row.id}: balance`).toBe(Number(row.sum));
      expect(Number(row.balance)).toBeGreaterThanOrEqual(0);
      if (row.screen_limit !== null) expect(row.screens).toBeLessThanOrEqual(row.screen_limit);
    }
    const cabinetId = world.team.cabinet.id;
    const quota = await t.services.billing.policy.storageQuota(cabinetId);
    expect(await t.repos.quota.takenBytes(cabinetId)).toBeLessThanOrEqual(quota!);
  }
});

const label = (op: Operation) => `${op.method} ${op.path}`;

describe.runIf(!onPostgres)('the API under parallel writes (PGlite)', () => {
  it.skip('runs on PostgreSQL only: PGlite serves one request at a time, so nothing races', () => {});
});
