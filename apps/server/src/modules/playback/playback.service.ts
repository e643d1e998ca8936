import {
  AUDIENCE_MESSAGES,
  PLAYBACK_FUTURE_SECONDS,
  PLAYBACK_MESSAGES,
  type AudienceAck,
  type AudienceSample,
  type PlaybackAck,
  type PlaybackEvent,
} from '@vitrine/core';
import type { Repositories } from '../../db/repositories.js';
import type { DeviceCaller } from '../../lib/caller.js';
import { AppError } from '../../lib/errors.js';
import { unknownTimeZone } from './playback.repository.js';

export interface PlaybackServiceDeps {
  repos: Pick<Repositories, 'playbacks'>;
  clock?: () => Date;
  log?: (message: string) => void;
}

/**
 * Proof of play. The screen and its cabinet come from the device token, never from the body. An answer is
 * given only after the rows are committed, and names every event of the batch: each is stored now or was
 * stored by an earlier call, so the player may forget them all.
 */
export class PlaybackService {
  private readonly clock: () => Date;

  constructor(private readonly deps: PlaybackServiceDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  async ingest(device: DeviceCaller, events: readonly PlaybackEvent[]): Promise<PlaybackAck> {
    this.refuseFuture(
      events.map((e) => e.startedAt),
      (i) => `events.${i}.startedAt`,
      PLAYBACK_MESSAGES.future,
    );
    const { playbacks } = this.deps.repos;
    const result = await this.inScreenZone(device, (zone) =>
      playbacks.ingest(device.cabinetId, device.pointId, events, zone),
    );
    if (!result.pointFound) throw new AppError('UNAUTHORIZED');
    return { acked: [...new Set(events.map((e) => e.eventId))] };
  }

  /** Audience the screen measured per hour: stored, and given to the impressions of that hour's shows. */
  async reportAudience(device: DeviceCaller, samples: readonly AudienceSample[]): Promise<AudienceAck> {
    this.refuseFuture(
      samples.map((s) => s.hour),
      (i) => `hours.${i}.hour`,
      AUDIENCE_MESSAGES.future,
    );
    const { playbacks } = this.deps.repos;
    const result = await this.inScreenZone(device, (zone) =>
      playbacks.reportAudience(device.cabinetId, device.pointId, samples, zone),
    );
    if (!result.pointFound) throw new AppError('UNAUTHORIZED');
    return { hours: result.hours, shows: result.shows };
  }

  /**
   * A clock far ahead would put data into days that have not happened: the whole batch is refused, as for
   * any other invalid item, so nothing of it is half-stored.
   */
  private refuseFuture(instants: readonly string[], field: (i: number) => string, message: string): void {
    const latest = this.clock().getTime() + PLAYBACK_FUTURE_SECONDS * 1000;
    const fields: Record<string, string> = {};
    instants.forEach((at, i) => {
      if (Date.parse(at) > latest) fields[field(i)] = message;
    });
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_ERROR', message, fields);
  }

  /**
   * Runs a statement on the screen's clock; when the runtime accepted its zone but this database's zone
   * list lacks it, hours fall back to UTC rather than the screen losing what it reported.
   */
  private async inScreenZone<T>(device: DeviceCaller, work: (zone: string | null) => Promise<T>): Promise<T> {
    try {
      return await work(null);
    } catch (error) {
      if (!unknownTimeZone(error)) throw error;
      this.deps.log?.(`screen ${device.pointId} has a time zone the database does not know: hours in UTC`);
      return work('UTC');
    }
  }
}
