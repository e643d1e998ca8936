import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { playbacks, trackerDeliveries } from '../../db/schema.js';
import { rowsOf } from '../../db/sql.js';

/** A delivery taken for an attempt, with the show it is for. */
export interface DueDelivery {
  id: number;
  kind: string;
  url: string;
  method: 'GET' | 'POST';
  body: string | null;
  attempts: number;
  expiresAt: Date;
  pointId: number;
  eventId: string;
  fileId: number | null;
  fileName: string | null;
  playlistId: number | null;
  pointName: string | null;
  /** The show's start; null for a call owed by no show (an unplayed ad's expiry). */
  startedAt: Date | null;
  duration: number;
}

/** All SQL on the calls shows owe to third parties (tracking pixels). */
export class TrackerRepository {
  constructor(private readonly db: Database) {}

  /**
   * Takes up to `limit` deliveries that are due, for `leaseSeconds`: their next attempt moves past the
   * lease and their attempts count up, in one statement that skips rows another process holds, so two
   * processes never send the same one at once; one that crashed mid-send is taken again after the lease.
   */
  async platformClaimDue(limit: number, leaseSeconds: number): Promise<DueDelivery[]> {
    // An ad's expiry call has no show: the show's columns are null then.
    const result = await rowsOf<{
      id: number | string;
      kind: string;
      url: string;
      method: 'GET' | 'POST';
      body: string | null;
      attempts: number;
      expires_at: string | Date;
      point_id: number;
      event_id: string;
      file_id: number | null;
      file_name: string | null;
      playlist_id: number | null;
      point_name: string | null;
      started_at: string | Date | null;
      duration: number | null;
    }>(
      this.db,
      sql`
      with due as (
        select id from ${trackerDeliveries}
        where status = 'pending' and next_at <= now()
        order by next_at, id
        limit ${limit}
        for update skip locked
      ),
      taken as (
        select due.id, p.file_id, p.file_name, p.playlist_id, p.point_name, p.started_at, p.duration
        from due
        join ${trackerDeliveries} d2 on d2.id = due.id
        left join ${playbacks} p on p.point_id = d2.point_id and p.event_id = d2.event_id
      )
      update ${trackerDeliveries} d
      set next_at = now() + make_interval(secs => ${leaseSeconds}), attempts = d.attempts + 1
      from taken t
      where d.id = t.id
      returning d.id, d.kind, d.url, d.method, d.body, d.attempts, d.expires_at, d.point_id, d.event_id,
        t.file_id, t.file_name, t.playlist_id, t.point_name, t.started_at, t.duration`,
    );
    return result.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      url: r.url,
      method: r.method,
      body: r.body,
      attempts: r.attempts,
      expiresAt: new Date(r.expires_at),
      pointId: r.point_id,
      eventId: r.event_id,
      fileId: r.file_id,
      fileName: r.file_name,
      playlistId: r.playlist_id,
      pointName: r.point_name,
      startedAt: r.started_at === null ? null : new Date(r.started_at),
      duration: Number(r.duration ?? 0),
    }));
  }

  async platformDelivered(id: number, status: number): Promise<void> {
    await this.db
      .update(trackerDeliveries)
      .set({ status: 'done', deliveredAt: sql`now()`, lastStatus: status, lastError: null })
      .where(eq(trackerDeliveries.id, id));
  }

  /** Another attempt at `nextAt`. */
  async platformRetryAt(id: number, nextAt: Date, error: string, status: number | null): Promise<void> {
    await this.db
      .update(trackerDeliveries)
      .set({ nextAt, lastError: error, lastStatus: status })
      .where(and(eq(trackerDeliveries.id, id), eq(trackerDeliveries.status, 'pending')));
  }

  /** Given up: the third party refused it for good, or its time ran out. */
  async platformGivenUp(id: number, error: string, status: number | null): Promise<void> {
    await this.db
      .update(trackerDeliveries)
      .set({ status: 'failed', lastError: error, lastStatus: status })
      .where(eq(trackerDeliveries.id, id));
  }

  /** Deliveries of one screen's show, for tests and support. */
  async platformOfEvent(pointId: number, eventId: string) {
    return this.db
      .select()
      .from(trackerDeliveries)
      .where(and(eq(trackerDeliveries.pointId, pointId), eq(trackerDeliveries.eventId, eventId)));
  }

  /** Removes deliveries finished (done or failed) more than `days` ago. */
  async platformSweep(days: number): Promise<number> {
    const removed = await this.db
      .delete(trackerDeliveries)
      .where(
        sql`${trackerDeliveries.status} <> 'pending' and ${trackerDeliveries.createdAt} < now() - make_interval(days => ${days})`,
      )
      .returning({ id: trackerDeliveries.id });
    return removed.length;
  }
}
