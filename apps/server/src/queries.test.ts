import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  PlaybackEvent,
  PointListQuery,
  PlaylistListQuery,
  FileListQuery,
  StatisticFilters,
} from '@vitrine/core';
import type { Database } from './db/client.js';
import { asCabinetId } from './db/cabinet-id.js';
import * as schema from './db/schema.js';
import { AdRepository } from './modules/ssp/ad.repository.js';
import { AdReportRepository } from './modules/ssp/ad-report.repository.js';
import { StatisticRepository } from './modules/statistic/statistic.repository.js';
import { CorrectionRepository } from './modules/statistic/correction.repository.js';
import { ExportJobRepository } from './modules/statistic/export-job.repository.js';
import { PlaybackRepository } from './modules/playback/playback.repository.js';
import { PlaylistRepository, type PlaylistValues } from './modules/playlist/playlist.repository.js';
import { PlaylistChangesRepository } from './modules/playlist/playlist-changes.repository.js';
import { PlaylistEndRepository } from './modules/playlist/playlist-end.repository.js';
import { PlaylistTagsRepository } from './modules/playlist/playlist-tags.repository.js';
import { PlaylistTargetsRepository } from './modules/playlist/playlist-targets.repository.js';
import { PointRepository } from './modules/point/point.repository.js';
import { ContentVersionRepository } from './modules/point/content-version.repository.js';
import { NetRepository } from './modules/point/net.repository.js';
import { PairingRepository } from './modules/point/pairing.repository.js';
import { PointCommandRepository } from './modules/point/point-command.repository.js';
import { PointHistoryRepository } from './modules/point/point-history.repository.js';
import { MediaRepository } from './modules/media/media.repository.js';
import { QuotaRepository } from './modules/media/quota.repository.js';

/**
 * The SQL of every method of the raw-SQL repositories, snapshotted in `src/queries/*.sql` (issue 32): a
 * change to a query, and to its cabinet predicate above all, shows in review as a change to those files.
 * Each call that takes a cabinet must also carry it into its statements (a parameter or an inlined
 * literal), so a method that forgets its cabinet fails here. `platform*` methods are cross-cabinet by
 * design: their SQL is snapshotted too, without that check, so a new escape is visible as well. A method
 * added to one of these repositories without a call here fails too.
 *
 * The calls run on a copy of the migrated database holding only a few rows of the cabinet (`seed`), with
 * foreign keys off (replication role `replica`) so writes with sample ids go through; answers do not
 * matter, only the statements do. Snapshots are rewritten with `vitest run -u`.
 */

const CABINET = asCabinetId(424242);
const AT = new Date('2026-03-02T10:00:00.000Z');
const LATER = new Date('2026-03-09T10:00:00.000Z');
const RANGE = { from: '2026-03-01', to: '2026-03-07' };
const FILTERS = StatisticFilters.parse({ ...RANGE, points: [11], nets: [12], playlists: [13], files: [14] });
const SCREEN_FILTERS = StatisticFilters.parse({ ...RANGE, points: [11], nets: [12] });
const LIST_CLOCK = { seenSince: AT, goneSince: AT, unstableSince: AT, unstableAt: 3 };
const PLAYLIST_CLOCK = { now: '2026-03-02 10:00:00', soon: '2026-03-09 10:00:00' };
const PLAYLIST = {
  name: 'playlist',
  type: 'BACKGROUND',
  fromDate: '2026-03-01 00:00:00',
  toDate: '2026-03-31 23:59:59',
  weekDays: [1, 2, 3, 4, 5, 6, 7],
  filesOrder: 'ASC',
  influence: 'PASSIVE',
  periodicity: 0,
  limitationType: 'QUANTUTY_PER_DAY',
  blockDuration: 0,
} as const satisfies PlaylistValues;
const EVENT = PlaybackEvent.parse({
  eventId: 'event-0001',
  fileId: 14,
  playlistId: 13,
  startedAt: '2026-03-02T10:00:00.000Z',
  endedAt: '2026-03-02T10:00:10.000Z',
  duration: 10,
  adId: 15,
});

interface Statement {
  sql: string;
  params: unknown[];
}

/** One method's call; `cabinet: false` for the platform's (or a cabinet-less) method. */
interface Call {
  name: string;
  run: () => Promise<unknown>;
  cabinet?: false;
}

/** An id no row has: what removals are called with, so the seeded rows stay for the calls after them. */
const GONE = 99;

/**
 * The cabinet's rows the ownership checks look up (playlist 13, screen 11, network 12, wall 23, tag 21,
 * folder 26, file 14): a method that first checks its playlist or screen goes on to its other statements.
 */
async function seed(plain: PgliteDatabase<typeof schema>): Promise<void> {
  const cabinetId = CABINET;
  await plain.insert(schema.playlists).values({ id: 13, cabinetId, ...PLAYLIST });
  await plain.insert(schema.points).values({ id: 11, cabinetId, name: 'screen' });
  await plain.insert(schema.nets).values({ id: 12, cabinetId, name: 'net' });
  await plain.insert(schema.walls).values({ id: 23, cabinetId, name: 'wall', width: 2, height: 1 });
  await plain.insert(schema.playlistTags).values({ id: 21, cabinetId, name: 'tag' });
  await plain.insert(schema.folders).values({ id: 26, cabinetId, name: 'folder' });
  await plain.insert(schema.files).values({
    id: 14,
    cabinetId,
    folderId: 26,
    name: 'file.png',
    mime: 'image/png',
    kind: 'image',
    size: 100,
  });
}

let instance: PGlite;
let db: Database;
const statements: Statement[] = [];

beforeAll(async () => {
  const testDb = inject('testDb');
  if (testDb.driver !== 'pglite') return;
  instance = await PGlite.create({ loadDataDir: new Blob([await readFile(testDb.dumpPath)]) });
  // Foreign keys off: sample ids name no rows, and writes must still run their statements.
  await instance.exec('set session_replication_role = replica');
  await seed(drizzle(instance, { schema }));
  const logging = drizzle(instance, {
    schema,
    logger: { logQuery: (sql, params) => statements.push({ sql, params }) },
  });
  // The same cast as db/client.ts: drizzle's PGlite database is the pg-core database repositories take.
  db = logging as unknown as Database;
});

afterAll(async () => {
  await instance?.close();
});

/** The statement as committed: each line trimmed, inner whitespace collapsed, blank lines dropped. */
const normalised = (text: string): string =>
  text
    .split('\n')
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter((line) => line !== '')
    .join('\n');

const carriesCabinet = (s: Statement): boolean =>
  /\b424242\b/.test(s.sql) || s.params.some((p) => /\b424242\b/.test(String(p)));

/** The repositories' private helpers (on the prototype too, but called only through the methods). */
const HELPERS: Record<string, string[]> = {
  StatisticRepository: ['zones'],
  ContentVersionRepository: ['inIdOrder', 'lockInIdOrder'],
  PlaylistRepository: ['own', 'listWhere'],
  PlaylistTargetsRepository: ['own'],
  PointRepository: ['listWhere'],
};

/** Every method of the repository is called (a variant's name follows the method's: `list (after a cursor)`). */
function expectEveryMethod(repository: object, calls: Call[]): void {
  const name = repository.constructor.name;
  const methods = Object.getOwnPropertyNames(Object.getPrototypeOf(repository)).filter(
    (method) => method !== 'constructor' && !(HELPERS[name] ?? []).includes(method),
  );
  const called = new Set(calls.map((call) => call.name.split(' ')[0]));
  expect(
    methods.filter((method) => !called.has(method)),
    `${name}'s methods left out of its snapshot`,
  ).toEqual([]);
}

/**
 * Runs the calls in order and answers the snapshot text; checks every method is called and each cabinet
 * call reached its cabinet.
 */
async function snapshot(repo: object, calls: Call[]): Promise<string> {
  const repository = repo.constructor.name;
  expectEveryMethod(repo, calls);
  const sections: string[] = [];
  for (const call of calls) {
    statements.length = 0;
    let threw = false;
    try {
      await call.run();
    } catch {
      threw = true;
    }
    const ran = [...statements];
    // A sample the method refuses (or a schema's parse) before any statement would snapshot nothing.
    expect(ran.length, `${repository}.${call.name} ran no statement`).toBeGreaterThan(0);
    if (call.cabinet !== false) {
      expect(ran.some(carriesCabinet), `${repository}.${call.name} leaves its cabinet out`).toBe(true);
    }
    const heading = `-- ${repository}.${call.name}${threw ? ' (threw)' : ''}`;
    sections.push([heading, ...ran.map((s) => `${normalised(s.sql)};`)].join('\n'));
  }
  return `${sections.join('\n\n')}\n`;
}

const file = (name: string) => `./queries/${name}.repository.sql`;

describe.skipIf(inject('testDb').driver !== 'pglite')('raw SQL repositories, snapshotted', () => {
  it('ssp: ads', async () => {
    const r = new AdRepository(db);
    const text = await snapshot(r, [
      { name: 'platformCandidates', run: () => r.platformCandidates(), cabinet: false },
      { name: 'playlistScreens', run: () => r.playlistScreens(CABINET, 13) },
      { name: 'platformTakenSlots', run: () => r.platformTakenSlots(11, AT, LATER), cabinet: false },
      {
        name: 'platformInsert',
        run: () =>
          r.platformInsert({
            cabinetId: CABINET,
            pointId: 11,
            playlistId: 13,
            supplierId: 17,
            supplierName: 'supplier',
            adapter: 'openrtb',
            source: 'auction',
            slotAt: AT,
            seconds: 10,
            fileId: 14,
            creativeUrl: 'https://ads.example/creative.mp4',
            priceMicros: 1_000_000,
            multiplierMicros: 1_000_000,
            revenueMicros: 1_000,
            currency: 'USD',
            expiresAt: LATER,
          }),
        cabinet: false,
      },
      { name: 'platformMiss', run: () => r.platformMiss(CABINET, 11, AT, 'noFill'), cabinet: false },
      { name: 'misses', run: () => r.misses(CABINET, 11) },
      { name: 'upcoming', run: () => r.upcoming(CABINET, 11, AT) },
      { name: 'ofPoint', run: () => r.ofPoint(CABINET, 11) },
      { name: 'platformExpire', run: () => r.platformExpire(AT), cabinet: false },
      { name: 'byIds', run: () => r.byIds(CABINET, [15, 16]) },
      { name: 'fileApproved', run: () => r.fileApproved(CABINET, 14) },
      { name: 'approveFile', run: () => r.approveFile(CABINET, 14) },
    ]);
    await expect(text).toMatchFileSnapshot(file('ad'));
  });

  it('ssp: reports', async () => {
    const r = new AdReportRepository(db);
    const text = await snapshot(r, [
      { name: 'report', run: () => r.report(CABINET, RANGE, 0, 50) },
      { name: 'shows', run: () => r.shows(CABINET, RANGE, 0, 50) },
      { name: 'creatives', run: () => r.creatives(CABINET, {}, 0, 50) },
      {
        name: 'saveSupplierReports',
        run: () =>
          r.saveSupplierReports(CABINET, 17, 18, [
            { hour: AT, shows: 3, impressionsMicros: 3_000_000, revenueMicros: 1_500_000 },
          ]),
      },
      { name: 'reconciliation', run: () => r.reconciliation(CABINET, RANGE, 0, 50) },
    ]);
    await expect(text).toMatchFileSnapshot(file('ad-report'));
  });

  it('statistic', async () => {
    const r = new StatisticRepository(db);
    const text = await snapshot(r, [
      { name: 'reportByHour', run: () => r.reportByHour(CABINET, FILTERS) },
      {
        name: 'reportByHour (no playlist or file filter)',
        run: () => r.reportByHour(CABINET, SCREEN_FILTERS),
      },
      { name: 'reportByInstances', run: () => r.reportByInstances(CABINET, FILTERS) },
      { name: 'reportByFiles', run: () => r.reportByFiles(CABINET, FILTERS) },
      { name: 'audience', run: () => r.audience(CABINET, FILTERS) },
      { name: 'audience (no playlist or file filter)', run: () => r.audience(CABINET, SCREEN_FILTERS) },
      { name: 'measuredHours', run: () => r.measuredHours(CABINET, FILTERS) },
      { name: 'exchange', run: () => r.exchange(CABINET, FILTERS) },
      { name: 'countShows', run: () => r.countShows(CABINET, FILTERS) },
      { name: 'list', run: () => r.list(CABINET, FILTERS, { limit: 50 }) },
      {
        name: 'list (after a cursor)',
        run: () =>
          r.list(CABINET, FILTERS, { limit: 50, after: { startedAt: '2026-03-02 10:00:00', id: 19 } }),
      },
    ]);
    await expect(text).toMatchFileSnapshot(file('statistic'));
  });

  it('statistic: corrections', async () => {
    const r = new CorrectionRepository(db);
    const text = await snapshot(r, [
      {
        name: 'platformPatch',
        run: () =>
          db.transaction((tx) => new CorrectionRepository(tx).platformPatch([19], { impressions: 2 }, 18)),
        cabinet: false,
      },
      {
        name: 'platformPatch (source)',
        run: () => r.platformPatch([19], { revenue: 1, cost: 1, source: 'manual' }, 18),
        cabinet: false,
      },
    ]);
    await expect(text).toMatchFileSnapshot(file('correction'));
  });

  it('statistic: export jobs', async () => {
    const r = new ExportJobRepository(db);
    const text = await snapshot(r, [
      {
        name: 'insertJob',
        run: () =>
          r.insertJob({
            cabinetId: CABINET,
            userId: 18,
            kind: 'hour',
            format: 'csv',
            params: {},
            name: 'report',
          }),
      },
      { name: 'jobs', run: () => r.jobs(CABINET) },
      { name: 'platformJobById', run: () => r.platformJobById(20), cabinet: false },
      { name: 'jobInCabinet', run: () => r.jobInCabinet(CABINET, 20) },
      { name: 'platformUpdateJob', run: () => r.platformUpdateJob(20, { status: 'done' }), cabinet: false },
      { name: 'platformFinishedJobsBefore', run: () => r.platformFinishedJobsBefore(AT, 10), cabinet: false },
      { name: 'platformDeleteJobs', run: () => r.platformDeleteJobs([GONE]), cabinet: false },
      { name: 'platformFailAbandonedJobs', run: () => r.platformFailAbandonedJobs(), cabinet: false },
    ]);
    await expect(text).toMatchFileSnapshot(file('export-job'));
  });

  it('playback', async () => {
    const r = new PlaybackRepository(db);
    const text = await snapshot(r, [
      { name: 'ingest', run: () => r.ingest(CABINET, 11, [EVENT]) },
      { name: 'ingest (a zone given)', run: () => r.ingest(CABINET, 11, [EVENT], 'Europe/Paris') },
      // Most batches: no event names an ad (no ad steps), and a show outside any playlist (no pixel step).
      { name: 'ingest (no ad)', run: () => r.ingest(CABINET, 11, [{ ...EVENT, adId: undefined }]) },
      {
        name: 'ingest (no ad, no playlist)',
        run: () => r.ingest(CABINET, 11, [{ ...EVENT, adId: undefined, playlistId: null }]),
      },
      {
        name: 'reportAudience',
        run: () => r.reportAudience(CABINET, 11, [{ hour: EVENT.startedAt, viewers: 2 }]),
      },
    ]);
    await expect(text).toMatchFileSnapshot(file('playback'));
  });

  it('playlist', async () => {
    const r = new PlaylistRepository(db);
    const item = { fileId: 14, duration: 10, wallFit: null };
    const text = await snapshot(r, [
      { name: 'playlist', run: () => r.playlist(CABINET, 13) },
      { name: 'lock', run: () => r.lock(CABINET, 13) },
      { name: 'playlistsByIds', run: () => r.playlistsByIds(CABINET, [13]) },
      { name: 'insert', run: () => r.insert(CABINET, PLAYLIST) },
      { name: 'update', run: () => r.update(CABINET, 13, { name: 'renamed', endedAt: null }) },
      { name: 'remove', run: () => r.remove(CABINET, [GONE]) },
      { name: 'list', run: () => r.list(CABINET, PlaylistListQuery.parse({}), PLAYLIST_CLOCK) },
      { name: 'playingLengths', run: () => r.playingLengths(CABINET, [13], 10) },
      {
        name: 'list (every filter)',
        run: () =>
          r.list(
            CABINET,
            PlaylistListQuery.parse({
              search: 'a',
              type: 'ADVERTISING',
              tag: 21,
              expiration: 'expiring',
              point: 11,
              net: 12,
              pending: 'true',
            }),
            PLAYLIST_CLOCK,
          ),
      },
      {
        name: 'counts',
        run: () => r.counts(CABINET, { all: {}, expired: { expiration: 'expired' } }, PLAYLIST_CLOCK),
      },
      {
        name: 'replaceContent',
        run: () =>
          db.transaction((tx) =>
            new PlaylistRepository(tx).replaceContent(CABINET, 13, {
              files: [item],
              sections: [{ duration: 60, duplicate: null, order: 0, repeat: 1, files: [item] }],
            }),
          ),
      },
      { name: 'content', run: () => r.content(CABINET, [13]) },
      { name: 'referencedFiles', run: () => r.referencedFiles(CABINET, [14]) },
      { name: 'usableFiles', run: () => r.usableFiles([CABINET], [14]) },
    ]);
    await expect(text).toMatchFileSnapshot(file('playlist'));
  });

  it('playlist: changes', async () => {
    const r = new PlaylistChangesRepository(db);
    const text = await snapshot(r, [
      {
        name: 'insertChange',
        run: () =>
          r.insertChange({ cabinetId: CABINET, playlistId: 13, userId: 18, userName: 'user', patch: {} }),
      },
      { name: 'pendingChanges', run: () => r.pendingChanges(CABINET, [13]) },
      { name: 'decideChanges', run: () => r.decideChanges(CABINET, [22], 'REJECTED', 18, 'no') },
      { name: 'supersede', run: () => r.supersede(CABINET, [13], 18, { pending: true }) },
      { name: 'openRejection', run: () => r.openRejection(CABINET, 13, 18) },
    ]);
    await expect(text).toMatchFileSnapshot(file('playlist-changes'));
  });

  it('playlist: end of validity', async () => {
    const r = new PlaylistEndRepository(db);
    const text = await snapshot(r, [
      {
        name: 'platformEndedWithAction',
        run: () => r.platformEndedWithAction('2026-03-02 10:00:00'),
        cabinet: false,
      },
      { name: 'platformMarkEnded', run: () => r.platformMarkEnded([13]), cabinet: false },
      { name: 'platformRemoveByIds', run: () => r.platformRemoveByIds([GONE]), cabinet: false },
      { name: 'platformDetachAll', run: () => r.platformDetachAll([13]), cabinet: false },
      // Takes no cabinet: one lock for the whole installation's sweep.
      { name: 'tryEndActionLock', run: () => r.tryEndActionLock(), cabinet: false },
    ]);
    await expect(text).toMatchFileSnapshot(file('playlist-end'));
  });

  it('playlist: tags', async () => {
    const r = new PlaylistTagsRepository(db);
    const text = await snapshot(r, [
      { name: 'tags', run: () => r.tags(CABINET) },
      { name: 'tag', run: () => r.tag(CABINET, 21) },
      { name: 'insertTag', run: () => r.insertTag(CABINET, { name: 'new tag', color: null }) },
      { name: 'updateTag', run: () => r.updateTag(CABINET, 21, { name: 'renamed' }) },
      { name: 'removeTag', run: () => r.removeTag(CABINET, GONE) },
      { name: 'existingTags', run: () => r.existingTags(CABINET, [21]) },
      { name: 'namedTags', run: () => r.namedTags(CABINET, [21]) },
      {
        name: 'replaceTags',
        run: () => db.transaction((tx) => new PlaylistTagsRepository(tx).replaceTags(CABINET, 13, [21])),
      },
      { name: 'tagsOf', run: () => r.tagsOf(CABINET, [13]) },
    ]);
    await expect(text).toMatchFileSnapshot(file('playlist-tags'));
  });

  it('playlist: targets', async () => {
    const r = new PlaylistTargetsRepository(db);
    const text = await snapshot(r, [
      {
        name: 'replaceTargets',
        run: () =>
          db.transaction((tx) =>
            new PlaylistTargetsRepository(tx).replaceTargets(CABINET, 13, [11], [12], [23]),
          ),
      },
      { name: 'addPointTargets', run: () => r.addPointTargets(CABINET, [13], [11]) },
      { name: 'targets', run: () => r.targets(CABINET, [13]) },
      { name: 'pointsTotal', run: () => r.pointsTotal(CABINET, [13]) },
      { name: 'reachedPoints', run: () => r.reachedPoints(CABINET, [13]) },
      { name: 'countReach', run: () => r.countReach(CABINET, [11], [12], [23]) },
      { name: 'existingPoints', run: () => r.existingPoints(CABINET, [11]) },
      { name: 'existingWalls', run: () => r.existingWalls(CABINET, [23]) },
      { name: 'namedWalls', run: () => r.namedWalls(CABINET, [23]) },
      { name: 'existingNets', run: () => r.existingNets(CABINET, [12]) },
      { name: 'namedPoints', run: () => r.namedPoints(CABINET, [11]) },
      { name: 'namedNets', run: () => r.namedNets(CABINET, [12]) },
      { name: 'targetOptions', run: () => r.targetOptions(CABINET, 'a', 20) },
    ]);
    await expect(text).toMatchFileSnapshot(file('playlist-targets'));
  });

  it('point', async () => {
    const r = new PointRepository(db);
    const text = await snapshot(r, [
      { name: 'point', run: () => r.point(CABINET, 11) },
      { name: 'pointsByIds', run: () => r.pointsByIds(CABINET, [11]) },
      { name: 'platformPointById', run: () => r.platformPointById(11), cabinet: false },
      { name: 'platformDeviceCaller', run: () => r.platformDeviceCaller('hash'), cabinet: false },
      { name: 'insert', run: () => r.insert({ cabinetId: CABINET, name: 'screen' }) },
      { name: 'update', run: () => r.update(CABINET, [11], { name: 'renamed' }) },
      { name: 'platformSetDeviceToken', run: () => r.platformSetDeviceToken(11, 'hash'), cabinet: false },
      { name: 'remove', run: () => db.transaction((tx) => new PointRepository(tx).remove(CABINET, [GONE])) },
      { name: 'list', run: () => r.list(CABINET, PointListQuery.parse({}), LIST_CLOCK) },
      {
        name: 'list (every filter)',
        run: () =>
          r.list(
            CABINET,
            PointListQuery.parse({ search: 'a', net: 12, status: 'ONLINE', hasContent: 'false' }),
            LIST_CLOCK,
          ),
      },
      { name: 'counts', run: () => r.counts(CABINET, { all: {}, online: { status: 'ONLINE' } }, LIST_CLOCK) },
      { name: 'withContent', run: () => r.withContent(CABINET, [11]) },
      { name: 'presenceOf', run: () => r.presenceOf(CABINET, [11]) },
      {
        name: 'platformRecordPresence',
        run: () => r.platformRecordPresence([{ pointId: 11, seenAt: AT, report: {}, onlineSeconds: 30 }]),
        cabinet: false,
      },
      {
        name: 'platformRecordDisconnection',
        run: () => r.platformRecordDisconnection(11, AT),
        cabinet: false,
      },
    ]);
    await expect(text).toMatchFileSnapshot(file('point'));
  });

  it('point: content versions', async () => {
    const r = new ContentVersionRepository(db);
    const text = await snapshot(r, [
      {
        name: 'setCurrentVersions',
        run: () =>
          r.setCurrentVersions(CABINET, [{ id: 11, version: 'v1', base: 'b1', sum: 5n }], 'playlist', AT),
      },
      {
        name: 'keepParts',
        run: () => r.keepParts(CABINET, [{ id: 11, version: 'v1', base: 'b1', sum: 5n }]),
      },
      {
        name: 'addToSums',
        run: () =>
          r.addToSums(
            CABINET,
            new Map([
              [11, 7n],
              [12, 0n],
            ]),
            'playlist',
            AT,
          ),
      },
      { name: 'markServed', run: () => r.markServed(CABINET, 11, 'v1', AT, false) },
      { name: 'markServed (heal)', run: () => r.markServed(CABINET, 11, 'v1', AT, true) },
    ]);
    await expect(text).toMatchFileSnapshot(file('content-version'));
  });

  it('point: networks', async () => {
    const r = new NetRepository(db);
    const text = await snapshot(r, [
      { name: 'netsOf', run: () => r.netsOf(CABINET, [11]) },
      { name: 'net', run: () => r.net(CABINET, 12) },
      { name: 'netsByIds', run: () => r.netsByIds(CABINET, [12]) },
      { name: 'list', run: () => r.list(CABINET, { page: 1, limit: 20, search: 'a' }) },
      { name: 'membersOf', run: () => r.membersOf(CABINET, [12]) },
      { name: 'insert', run: () => r.insert(CABINET, { name: 'net', color: null }) },
      { name: 'update', run: () => r.update(CABINET, 12, { name: 'renamed' }) },
      { name: 'remove', run: () => r.remove(CABINET, GONE) },
      {
        name: 'setMembers',
        run: () => db.transaction((tx) => new NetRepository(tx).setMembers(CABINET, 12, [11])),
      },
      {
        name: 'setPointNets',
        run: () => db.transaction((tx) => new NetRepository(tx).setPointNets(CABINET, 11, [12])),
      },
    ]);
    await expect(text).toMatchFileSnapshot(file('net'));
  });

  it('point: pairing', async () => {
    const r = new PairingRepository(db);
    const text = await snapshot(r, [
      {
        name: 'platformInsertPairing',
        run: () => r.platformInsertPairing({ code: 'ABC123', deviceKeyHash: 'hash', expiresAt: LATER }),
        cabinet: false,
      },
      { name: 'platformLivePairing', run: () => r.platformLivePairing('ABC123', AT), cabinet: false },
      { name: 'platformBindPairing', run: () => r.platformBindPairing('ABC123', 11, AT), cabinet: false },
      { name: 'platformRemovePairing', run: () => r.platformRemovePairing('ABC123'), cabinet: false },
      {
        name: 'platformRemoveExpiredPairings',
        run: () => r.platformRemoveExpiredPairings(AT),
        cabinet: false,
      },
    ]);
    await expect(text).toMatchFileSnapshot(file('pairing'));
  });

  it('point: commands', async () => {
    const r = new PointCommandRepository(db);
    const text = await snapshot(r, [
      {
        name: 'insert',
        run: () => r.insert(CABINET, [11], { name: 'reload', args: {}, createdBy: 18, expiresAt: LATER }),
      },
      { name: 'platformPending', run: () => r.platformPending(11, AT), cabinet: false },
      { name: 'platformCommand', run: () => r.platformCommand(24), cabinet: false },
      { name: 'platformMarkSent', run: () => r.platformMarkSent([24], AT), cabinet: false },
      {
        name: 'platformMark',
        run: () => r.platformMark(24, 11, { status: 'acked', ackedAt: AT }),
        cabinet: false,
      },
      { name: 'recent', run: () => r.recent(CABINET, 11) },
    ]);
    await expect(text).toMatchFileSnapshot(file('point-command'));
  });

  it('point: history', async () => {
    const r = new PointHistoryRepository(db);
    const text = await snapshot(r, [
      { name: 'recentDisconnections', run: () => r.recentDisconnections(CABINET, [11], AT) },
      { name: 'connectionHours', run: () => r.connectionHours(CABINET, 11, AT) },
      {
        name: 'appendLog',
        run: () => r.appendLog(CABINET, 11, [{ at: AT, level: 'info', message: 'hello' }]),
      },
      { name: 'log', run: () => r.log(CABINET, 11, undefined, 50) },
      { name: 'log (before)', run: () => r.log(CABINET, 11, 25, 50) },
    ]);
    await expect(text).toMatchFileSnapshot(file('point-history'));
  });

  it('media', async () => {
    const r = new MediaRepository(db);
    const text = await snapshot(r, [
      { name: 'folder', run: () => r.folder(CABINET, 26) },
      { name: 'childFolders', run: () => r.childFolders(CABINET, 26) },
      { name: 'childFolders (root)', run: () => r.childFolders(CABINET, null) },
      { name: 'folderNameTaken', run: () => r.folderNameTaken(CABINET, 26, 'name', 27) },
      {
        name: 'insertFolder',
        run: () => r.insertFolder({ cabinetId: CABINET, parentId: 26, name: 'folder' }),
      },
      { name: 'updateFolders', run: () => r.updateFolders(CABINET, [26], { name: 'renamed' }) },
      { name: 'subtreeIds', run: () => r.subtreeIds(CABINET, 26) },
      { name: 'ancestors', run: () => r.ancestors(CABINET, 26) },
      { name: 'removeFolders', run: () => r.removeFolders(CABINET, [GONE]) },
      { name: 'favoriteFolders', run: () => r.favoriteFolders(CABINET) },
      { name: 'searchFolders', run: () => r.searchFolders(CABINET, 'a') },
      { name: 'file', run: () => r.file(CABINET, 14) },
      { name: 'platformFileById', run: () => r.platformFileById(14), cabinet: false },
      { name: 'filesIn', run: () => r.filesIn(CABINET, 26) },
      { name: 'filesInFolders', run: () => r.filesInFolders(CABINET, [26]) },
      // Reads every cabinet's playlists by design: another cabinet's use of a stock file is counted, never
      // named (the cabinet is compared in code, on the rows).
      { name: 'platformPlaylistsUsing', run: () => r.platformPlaylistsUsing(CABINET, [14]), cabinet: false },
      { name: 'fileNameTaken', run: () => r.fileNameTaken(CABINET, 26, 'name', 14) },
      { name: 'namedFileSize', run: () => r.namedFileSize(CABINET, 26, 'name') },
      { name: 'fileByHash', run: () => r.fileByHash(CABINET, 'hash') },
      { name: 'platformStorageKeyUsers', run: () => r.platformStorageKeyUsers('key'), cabinet: false },
      {
        name: 'insertFile',
        run: () =>
          r.insertFile({
            cabinetId: CABINET,
            folderId: 26,
            name: 'file.png',
            kind: 'image',
            mime: 'image/png',
            size: 100,
            storageKey: 'key',
          }),
      },
      { name: 'updateFiles', run: () => r.updateFiles(CABINET, [14], { name: 'renamed' }) },
      { name: 'removeFiles', run: () => r.removeFiles(CABINET, [GONE]) },
      { name: 'recentFiles', run: () => r.recentFiles(CABINET) },
      { name: 'favoriteFiles', run: () => r.favoriteFiles(CABINET) },
      { name: 'searchFiles', run: () => r.searchFiles(CABINET, 'a') },
      { name: 'listFiles', run: () => r.listFiles(CABINET, FileListQuery.parse({})) },
      {
        name: 'listFiles (every filter)',
        run: () =>
          r.listFiles(
            CABINET,
            FileListQuery.parse({ search: 'a', kind: 'image', folder: 26, favorite: 'true', tag: 'tag' }),
          ),
      },
      { name: 'tagsOf', run: () => r.tagsOf(CABINET, [14]) },
      {
        name: 'setTags',
        run: () => db.transaction((tx) => new MediaRepository(tx).setTags(CABINET, 14, ['tag'])),
      },
    ]);
    await expect(text).toMatchFileSnapshot(file('media'));
  });

  it('media: quota', async () => {
    const r = new QuotaRepository(db);
    const text = await snapshot(r, [
      { name: 'lock', run: () => db.transaction((tx) => new QuotaRepository(tx).lock(CABINET)) },
      { name: 'storedBytes', run: () => r.storedBytes(CABINET) },
      { name: 'takenBytes', run: () => r.takenBytes(CABINET) },
      {
        name: 'insertHold',
        run: () => r.insertHold({ cabinetId: CABINET, bytes: 100, expiresAt: LATER, tusId: 'tus' }),
      },
      { name: 'growHold', run: () => r.growHold(CABINET, 28, 100) },
      { name: 'holdOfTus', run: () => r.holdOfTus(CABINET, 'tus') },
      { name: 'removeHold', run: () => r.removeHold(CABINET, GONE) },
      { name: 'platformRemoveHoldOfTus', run: () => r.platformRemoveHoldOfTus('tus'), cabinet: false },
      { name: 'platformSweep', run: () => r.platformSweep(), cabinet: false },
    ]);
    await expect(text).toMatchFileSnapshot(file('quota'));
  });
});
