import { sql } from 'drizzle-orm';
import type { AudienceSample, PlaybackEvent } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { preparedRowsOf, rowsOf } from '../../db/sql.js';
import { audienceScreen, reattributed, sampleRows, storedAudience } from './audience.sql.js';
import {
  adCalls,
  eventRows,
  hourlyRollup,
  ingestParts,
  pixelCalls,
  screen,
  storedShows,
} from './ingest.sql.js';

export interface IngestResult {
  /** False when the screen is gone (removed since its token was checked): nothing was stored. */
  pointFound: boolean;
  /** Events stored by this call (the others were stored before). */
  inserted: number;
  /** Calls to third parties these shows owe (tracking pixels), queued for delivery. */
  trackers: number;
}

/** All SQL on proof of play: the raw playbacks and their hourly rollup. */
export class PlaybackRepository {
  constructor(private readonly db: Database) {}

  /**
   * Stores a screen's events and adds the ones actually inserted to the hourly rollup, in one statement
   * (so one transaction on either driver): an event already stored for this screen is skipped and not
   * counted again. File and playlist names are looked up in the screen's own cabinet only; an id that is
   * gone or belongs elsewhere is kept as it came, with a null name. Rows go in event id order and rollup
   * rows in key order, so two calls touching the same keys never wait on each other in a cycle.
   *
   * `zone` replaces the screen's time zone (null: the screen's own), for a zone this database does not know.
   */
  async ingest(
    cabinetId: CabinetId,
    pointId: number,
    events: readonly PlaybackEvent[],
    zone: string | null = null,
  ): Promise<IngestResult> {
    const parts = ingestParts(events);
    const calls = [
      ...(parts.ads ? [sql`(select count(*) from adcalls)`] : []),
      ...(parts.playlistIds.length > 0 ? [sql`(select count(*) from pixels)`] : []),
    ];
    const result = await preparedRowsOf<{ found: number; inserted: number; trackers: number }>(
      this.db,
      sql`
      with ${screen(cabinetId, pointId, zone)},
      ${eventRows(events, parts.ads)},
      ${storedShows(parts.ads)},
      ${parts.ads ? sql`${adCalls},` : sql``}
      ${parts.playlistIds.length > 0 ? sql`${pixelCalls(cabinetId, parts.playlistIds)},` : sql``}
      ${hourlyRollup}
      select (select count(*) from pt)::int as found, (select count(*) from ins)::int as inserted,
        (${calls.length > 0 ? sql.join(calls, sql` + `) : sql`0`})::int as trackers`,
    );
    const row = result[0];
    return {
      pointFound: Number(row?.found ?? 0) > 0,
      inserted: Number(row?.inserted ?? 0),
      trackers: Number(row?.trackers ?? 0),
    };
  }

  /**
   * Stores the audience a screen measured, per hour of its clock, and gives every show the screen started in
   * those hours that audience as its impressions, moving the hourly rollup by the difference, in one
   * statement. Shows whose impressions an admin corrected keep the correction. A show stored by a call
   * running at the same moment may keep the audience it was given (the screen's setting): the two
   * statements do not see each other's rows.
   */
  async reportAudience(
    cabinetId: CabinetId,
    pointId: number,
    samples: readonly AudienceSample[],
    zone: string | null = null,
  ): Promise<AudienceResult> {
    const result = await rowsOf<{ found: number; hours: number; shows: number }>(
      this.db,
      sql`
      with ${audienceScreen(cabinetId, pointId, zone)},
      ${sampleRows(samples)},
      ${storedAudience},
      ${reattributed(cabinetId, pointId)}
      -- (A data-modifying CTE runs to completion whether or not the answer reads it.)
      select (select count(*) from pt)::int as found, (select count(*) from stored)::int as hours,
        (select count(*) from changed)::int as shows`,
    );
    const row = result[0];
    return {
      pointFound: Number(row?.found ?? 0) > 0,
      hours: Number(row?.hours ?? 0),
      shows: Number(row?.shows ?? 0),
    };
  }
}

export interface AudienceResult {
  /** False when the screen is gone: nothing was stored. */
  pointFound: boolean;
  /** Distinct hours stored (two samples of one hour in a batch: the later one). */
  hours: number;
  /** Shows of those hours whose impressions changed. */
  shows: number;
}

/** A time zone name the database does not know (SQLSTATE 22023 from `at time zone`), whichever driver. */
export function unknownTimeZone(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (e.code === '22023' && typeof e.message === 'string' && e.message.includes('time zone')) return true;
    current = e.cause;
  }
  return false;
}
