import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SspReconciliation, Supplier } from '@vitrine/core';
import { sspAds } from '../../db/schema.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam } from '../../test/factories.js';
import { uploadImage } from '../../test/media.js';
import { pairPlayer } from '../../test/player.js';

/**
 * The SSP pages' range filter and exports, and the reconciliation of our plays with what suppliers
 * reported (docs/ssp.md, "Reports", "Reconciliation"). The ads are stored as the round and proof of play
 * leave them (played, exact micro-units); the round itself is tested in ssp.test.ts.
 */
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
let other: Awaited<ReturnType<typeof createTeam>>;
let supplier: Supplier;
let second: Supplier;

const DAY1 = '2026-01-10';
const DAY2 = '2026-01-12';

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeam(t);
  other = await createTeam(t);
  const list = (await call(t.app, 'GET', '/api/admin/ssp/supplier', { token: team.admin.token })).json() as {
    data: Supplier[];
  };
  [supplier, second] = list.data as [Supplier, Supplier];
  const { point } = await pairPlayer(t, team.owner, 'Mall');
  const fileId = await uploadImage(t, team.owner, 'ad.png');
  let slot = 0;
  const ad = (s: Supplier, playedAt: string, priceMicros: number, multiplierMicros: number) => ({
    cabinetId: team.cabinet.id,
    pointId: point.id,
    supplierId: s.id,
    supplierName: s.name,
    adapter: 'openrtb' as const,
    source: 'auction' as const,
    slotAt: new Date(Date.parse(playedAt) - ++slot * 1000),
    seconds: 15,
    fileId,
    creativeUrl: 'https://ads.example/creative.png',
    priceMicros,
    multiplierMicros,
    // price / 1000 × multiplier, exact: 2.50 CPM × 30.3 = 0.07575
    revenueMicros: Math.round((priceMicros * multiplierMicros) / 1e9),
    currency: 'USD',
    expiresAt: new Date(Date.parse(playedAt) + 3600_000),
    status: 'played' as const,
    playedAt: new Date(playedAt),
  });
  await t.database.db
    .insert(sspAds)
    .values([
      ad(supplier, `${DAY1}T09:10:00Z`, 2_500_000, 30_300_000),
      ad(supplier, `${DAY1}T09:40:00Z`, 2_500_000, 30_300_000),
      ad(second, `${DAY1}T10:05:00Z`, 4_000_000, 2_000_000),
      ad(supplier, `${DAY2}T12:00:00Z`, 3_100_000, 30_300_000),
    ]);
});
afterAll(async () => {
  await t.close();
});

const get = (token: string, url: string, query: Record<string, string> = {}) =>
  call(t.app, 'GET', url, { token, query });

describe('the SSP pages by range', () => {
  it('report, list and files answer only the range asked, with its totals', async () => {
    const day1 = { from: DAY1, to: DAY1 };
    const report = (await get(team.owner.token, '/api/ssp/report', day1)).json() as {
      data: { datetime: string; shows: number; revenue: string }[];
      total: number;
      totals: { shows: number; impressions: string; revenue: string };
      currencies: string[];
    };
    expect(report.totals).toEqual({ shows: 3, impressions: '62.6', revenue: '0.1595', cost: '0.1595' });
    // The income's currency is named (the suppliers'), so the page can say what the amounts are in.
    expect(report.currencies).toEqual(['USD']);
    expect(
      (await get(team.owner.token, '/api/ssp/report', { from: '2020-01-01', to: '2020-01-01' })).json(),
    ).toMatchObject({
      currencies: [],
    });
    expect(report.data.map((r) => [r.datetime, r.shows])).toEqual([
      [`${DAY1}T10:00:00.000Z`, 1],
      [`${DAY1}T09:00:00.000Z`, 2],
    ]);
    const all = (await get(team.owner.token, '/api/ssp/report', { from: DAY1, to: DAY2 })).json() as {
      totals: { shows: number };
    };
    expect(all.totals.shows).toBe(4);
    const list = (await get(team.moderator.token, '/api/ssp/statistic', { from: DAY2, to: DAY2 })).json() as {
      data: { revenue: string; price: string }[];
      total: number;
    };
    expect(list).toMatchObject({ total: 1, data: [{ revenue: '0.09393', price: '3.1' }] });
    // The creative was won today (its ads' creation): a range of January holds no files.
    const files = (await get(team.owner.token, '/api/ssp/file', day1)).json() as { total: number };
    expect(files.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const now = (await get(team.owner.token, '/api/ssp/file', { from: today, to: today })).json() as {
      total: number;
      data: { shows: number }[];
    };
    expect(now).toMatchObject({ total: 1, data: [{ shows: 4 }] });
  });
});

describe('SSP exports', () => {
  it('exports the report with its totals row and the list as CSV, and as XLSX', async () => {
    const res = await get(team.owner.token, '/api/ssp/report/print', { from: DAY1, to: DAY2, format: 'csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`ssp-report-${DAY1}_${DAY2}.csv`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Hour (UTC),Source,Shows,Impressions,Cost,Revenue');
    expect(lines).toContain(`${DAY1}T09:00:00.000Z,auction,2,60.6,0.1515,0.1515`);
    expect(lines.at(-1)).toBe('Total,,4,92.9,0.25343,0.25343');
    const list = await get(team.moderator.token, '/api/ssp/statistic/print', {
      from: DAY1,
      to: DAY1,
      format: 'csv',
    });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.body.trim().split('\r\n');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toBe(`${DAY1}T10:05:00.000Z,${second.name},ad.png,Mall,4,USD,2,0.008,auction`);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/ssp/statistic/print',
      query: { from: DAY1, to: DAY2, format: 'xlsx' },
      headers: { authorization: `Bearer ${team.owner.token}` },
    });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBeGreaterThanOrEqual(5);
  });

  it('is for admin, owner and moderator only; a bad format or day is 400 with a message', async () => {
    for (const path of ['/api/ssp/report/print', '/api/ssp/statistic/print'])
      for (const who of [team.observer, team.contentManager, team.agent])
        expect((await get(who.token, path, { format: 'csv' })).statusCode, path).toBe(403);
    const bad = await get(team.owner.token, '/api/ssp/report/print', { format: 'doc' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).toBeTruthy();
    expect((await get(team.owner.token, '/api/ssp/statistic/print', { from: '2026-02-31' })).statusCode).toBe(
      400,
    );
    // Another cabinet's export is of its own (no) shows.
    const theirs = await get(other.owner.token, '/api/ssp/statistic/print', { format: 'csv' });
    expect(theirs.body.trim().split('\r\n')).toHaveLength(1);
  });
});

describe('reconciliation', () => {
  const post = (token: string, id: number, body: unknown) =>
    call(t.app, 'POST', `/api/admin/ssp/supplier/${id}/report`, { token, body });

  it("records a supplier's figures (platform admin only, validated) and joins them with ours by hour and supplier", async () => {
    const body = {
      cabinetId: team.cabinet.id,
      rows: [
        { hour: `${DAY1}T09:00:00Z`, shows: 2, impressions: '60.6', revenue: '0.1515' },
        { hour: `${DAY1}T11:00:00Z`, shows: 1, impressions: '30.3', revenue: '0.07575' },
      ],
    };
    for (const who of [team.owner, team.moderator, team.observer])
      expect((await post(who.token, supplier.id, body)).statusCode).toBe(403);
    const saved = await post(team.admin.token, supplier.id, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ saved: 2 });
    // A second report of an hour replaces the first.
    const again = await post(team.admin.token, supplier.id, {
      cabinetId: team.cabinet.id,
      rows: [{ hour: `${DAY1}T09:00:00Z`, shows: 1, impressions: '30.3', revenue: '0.1' }],
    });
    expect(again.json()).toEqual({ saved: 1 });

    const rec = (
      await get(team.moderator.token, '/api/ssp/reconciliation', { from: DAY1, to: DAY1 })
    ).json() as SspReconciliation;
    expect(rec.total).toBe(3);
    const at = (hour: string, id: number) =>
      rec.data.find((r) => r.datetime === `${DAY1}T${hour}:00:00.000Z` && r.supplierId === id);
    expect(at('09', supplier.id)).toMatchObject({
      supplier: supplier.name,
      ours: { shows: 2, impressions: '60.6', revenue: '0.1515' },
      theirs: { shows: 1, impressions: '30.3', revenue: '0.1' },
      difference: { shows: -1, impressions: '-30.3', revenue: '-0.0515' },
    });
    // An hour only the supplier counted, and one it has not reported.
    expect(at('11', supplier.id)).toMatchObject({
      ours: { shows: 0, revenue: '0' },
      theirs: { shows: 1, revenue: '0.07575' },
      difference: { shows: 1, revenue: '0.07575' },
    });
    expect(at('10', second.id)).toMatchObject({
      ours: { shows: 1, revenue: '0.008' },
      theirs: null,
      difference: { shows: -1, revenue: '-0.008' },
    });
    expect(rec.totals).toEqual({
      ours: { shows: 3, impressions: '62.6', revenue: '0.1595' },
      theirs: { shows: 2, impressions: '60.6', revenue: '0.17575' },
      difference: { shows: -1, impressions: '-2', revenue: '0.01625' },
    });
    // Paged: one row a page still counts all.
    const one = (
      await get(team.owner.token, '/api/ssp/reconciliation', { from: DAY1, to: DAY1, limit: '1' })
    ).json() as SspReconciliation;
    expect(one).toMatchObject({ total: 3 });
    expect(one.data).toHaveLength(1);
    // Another cabinet sees none of it.
    const theirs = (await get(other.owner.token, '/api/ssp/reconciliation')).json() as SspReconciliation;
    expect(theirs).toMatchObject({ total: 0, data: [] });
    for (const who of [team.observer, team.contentManager, team.agent])
      expect((await get(who.token, '/api/ssp/reconciliation')).statusCode).toBe(403);
  });

  it('refuses an unknown supplier or cabinet (404) and bad figures (400, saying what)', async () => {
    const row = { hour: `${DAY2}T08:00:00Z`, shows: 1, impressions: '1', revenue: '0.5' };
    expect(
      (await post(team.admin.token, 999_999, { cabinetId: team.cabinet.id, rows: [row] })).statusCode,
    ).toBe(404);
    expect((await post(team.admin.token, supplier.id, { cabinetId: 999_999, rows: [row] })).statusCode).toBe(
      404,
    );
    const bad = async (rows: unknown[]) => {
      const res = await post(team.admin.token, supplier.id, { cabinetId: team.cabinet.id, rows });
      expect(res.statusCode, res.body).toBe(400);
      return res.body;
    };
    expect(await bad([{ ...row, hour: `${DAY2}T08:30:00Z` }])).toContain('start of an hour');
    expect(await bad([row, row])).toContain('Each hour may appear once');
    await bad([{ ...row, revenue: '1.5e3' }]);
    await bad([{ ...row, revenue: 0.5 }]);
    await bad([{ ...row, shows: -1 }]);
    await bad([]);
  });
});

describe("a playlist's screens the SSP connector leaves out", () => {
  it('names each screen lacking a field and which fields; none of another cabinet', async () => {
    const { point: bare } = await pairPlayer(t, team.owner, 'Bare screen');
    const { point: some } = await pairPlayer(t, team.owner, 'Some facts');
    const patched = await call(t.app, 'POST', `/api/point/patch/${some.id}`, {
      token: team.owner.token,
      body: { address: '1 Main Street', location: { lat: 50.45, lng: 30.52 }, playbackCost: '100' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const fileId = await uploadImage(t, team.owner);
    const created = await call(t.app, 'POST', '/api/playlist/post', {
      token: team.owner.token,
      body: {
        name: 'Ads',
        files: [{ fileId, duration: 10 }],
        points: [bare.id, some.id],
        sspConnector: { enabled: true, mode: 'AUCTION' },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json() as { id: number };
    const res = await get(team.contentManager.token, `/api/playlist/${id}/ssp-missing`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          pointId: bare.id,
          name: 'Bare screen',
          missing: ['address', 'location', 'photo', 'audience', 'playbackCost'],
        },
        { pointId: some.id, name: 'Some facts', missing: ['photo', 'audience'] },
      ],
    });
    expect((await get(other.owner.token, `/api/playlist/${id}/ssp-missing`)).statusCode).toBe(404);
    expect((await get(team.owner.token, '/api/playlist/0/ssp-missing')).statusCode).toBe(400);
  });
});
