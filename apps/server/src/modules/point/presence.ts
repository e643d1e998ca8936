import type { PlayerReport } from '@vitrine/core';
import type { DatabaseHandle } from '../../db/client.js';
import { transientConflict } from '../../db/errors.js';
import type { PointRepository } from './point.repository.js';

/** How often the seconds online of every open socket are added to its hour. */
const COUNT_EVERY_MS = 60_000;
/** A presence batch the database ended in a deadlock is sent again up to this many times in all. */
const PRESENCE_ATTEMPTS = 3;

/** An open socket, as presence counts it. */
export interface Counted {
  /** Last time its online seconds were counted. */
  countedAt: number;
}

interface Beat {
  /** Null when only online seconds were counted since the last flush (a socket that closed). */
  seenAt: Date | null;
  report: PlayerReport | null;
  onlineSeconds: number;
}

/**
 * What this process's screens' sockets say of them (seen when, their last report, seconds online by the
 * hour), kept in memory and written in batches by Fleet's flush timer: one statement for the screens seen
 * since the last flush, whatever their number.
 */
export class Presence {
  private readonly beats = new Map<number, Beat>();
  /** Sockets whose online seconds are still to be counted in the current minute's sweep. */
  private countQueue: number[] = [];
  private countSweptAt = Date.now();
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly options: {
      database: DatabaseHandle;
      points: PointRepository;
      flushMs?: number;
      log?: (message: string, error?: unknown) => void;
    },
  ) {}

  /** The screen was seen now (a heartbeat with its report, or a ping answered: null keeps the last report). */
  seen(pointId: number, report: PlayerReport | null): void {
    const previous = this.beats.get(pointId);
    this.beats.set(pointId, {
      seenAt: new Date(),
      report: report ?? previous?.report ?? null,
      onlineSeconds: previous?.onlineSeconds ?? 0,
    });
  }

  /** Adds the seconds a socket has been open since it was last counted. */
  count(pointId: number, entry: Counted): void {
    const now = Date.now();
    const seconds = Math.round((now - entry.countedAt) / 1000);
    entry.countedAt = now;
    if (seconds <= 0) return;
    const beat = this.beats.get(pointId) ?? { seenAt: null, report: null, onlineSeconds: 0 };
    beat.onlineSeconds += seconds;
    this.beats.set(pointId, beat);
  }

  /**
   * Online seconds of every open socket are added once a minute (and at a close), not at every flush, so
   * a flush writes only the screens seen since the last one; and a slice of the sockets at each flush, as
   * the pings go, so the minute's count is spread over it rather than one write of every screen at once.
   */
  private countSlice(open: ReadonlyMap<number, Counted>): void {
    const flushMs = this.options.flushMs ?? 5000;
    if (this.countQueue.length === 0) {
      const now = Date.now();
      if (now - this.countSweptAt < COUNT_EVERY_MS - flushMs / 2) return;
      this.countSweptAt = now;
      this.countQueue = [...open.keys()];
    }
    const slice = this.countQueue.splice(0, Math.ceil((open.size * flushMs) / COUNT_EVERY_MS));
    for (const pointId of slice) {
      const entry = open.get(pointId);
      if (entry) this.count(pointId, entry);
    }
  }

  /** Writes the presence gathered since the last flush, in one statement; `open` are this process's sockets. */
  async flush(open: ReadonlyMap<number, Counted>): Promise<void> {
    if (this.flushing) return this.flushing;
    this.countSlice(open);
    const batch = [...this.beats.entries()];
    this.beats.clear();
    if (batch.length === 0) return;
    this.flushing = this.write(batch).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /**
   * One statement for the whole batch. Should it fail, one screen's row must not hide every other screen:
   * with the database up the rows are written one by one and only a failing screen is lost (logged);
   * with the database down the batch waits for the next flush.
   */
  private async write(batch: [number, Beat][]): Promise<void> {
    const { points, log } = this.options;
    const row = ([pointId, beat]: [number, Beat]) => ({
      pointId,
      seenAt: beat.seenAt,
      report: beat.report as Record<string, unknown> | null,
      onlineSeconds: beat.onlineSeconds,
    });
    // Processes writing the same screens (one that moved to another process's socket) can deadlock: the
    // database ends one statement, which is sent again whole (the repository locks in one order).
    for (let attempt = 1; ; attempt += 1) {
      try {
        await points.platformRecordPresence(batch.map(row));
        return;
      } catch (error) {
        if (transientConflict(error) && attempt < PRESENCE_ATTEMPTS) continue;
        if (await this.keepForLater(batch, error)) return;
        break;
      }
    }
    for (const entry of batch) {
      await points
        .platformRecordPresence([row(entry)])
        .catch((error: unknown) => log?.(`presence of screen ${entry[0]} not written`, error));
    }
  }

  /** With the database away, the batch waits for the next flush (true); else the failure is logged. */
  private async keepForLater(batch: [number, Beat][], error: unknown): Promise<boolean> {
    const { database, log } = this.options;
    if (!(await database.ping())) {
      log?.('presence not written: the database is unreachable, kept for the next flush', error);
      for (const [pointId, beat] of batch) this.requeue(pointId, beat);
      return true;
    }
    log?.('presence batch failed: writing its screens one by one', error);
    return false;
  }

  /** Puts a beat that could not be written back, under any newer one of the same screen. */
  private requeue(pointId: number, beat: Beat): void {
    const newer = this.beats.get(pointId);
    this.beats.set(pointId, {
      seenAt: newer?.seenAt ?? beat.seenAt,
      report: newer?.report ?? beat.report,
      onlineSeconds: Math.min(3600, beat.onlineSeconds + (newer?.onlineSeconds ?? 0)),
    });
  }
}
