import {
  PLAYBACK_FUTURE_SECONDS,
  PLAYBACK_MESSAGES,
  type PlaybackAck,
  type PlaybackEvent,
} from '@vitrine/core';
import type { Repositories } from '../../db/repositories.js';
import type { DeviceCaller } from '../../lib/caller.js';
import { AppError } from '../../lib/errors.js';
import { unknownTimeZone } from './playback.repository.js';

export interface PlaybackServiceDeps {
  repos: Repositories;
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
    // A clock far ahead would put shows into days that have not happened: the whole batch is refused, as
    // for any other invalid event, so nothing of it is half-stored.
    const latest = this.clock().getTime() + PLAYBACK_FUTURE_SECONDS * 1000;
    const fields: Record<string, string> = {};
    events.forEach((e, i) => {
      if (Date.parse(e.startedAt) > latest) fields[`events.${i}.startedAt`] = PLAYBACK_MESSAGES.future;
    });
    if (Object.keys(fields).length > 0) {
      throw new AppError('VALIDATION_ERROR', PLAYBACK_MESSAGES.future, fields);
    }

    const { playbacks } = this.deps.repos;
    let result;
    try {
      result = await playbacks.ingest(device.cabinetId, device.pointId, events);
    } catch (error) {
      // The zone was accepted by the runtime but this database's zone list lacks it: hours fall back to
      // UTC rather than the screen losing its proof of play.
      if (!unknownTimeZone(error)) throw error;
      this.deps.log?.(`proof of play: screen ${device.pointId} has a time zone the database does not know`);
      result = await playbacks.ingest(device.cabinetId, device.pointId, events, 'UTC');
    }
    if (!result.pointFound) throw new AppError('UNAUTHORIZED');
    return { acked: [...new Set(events.map((e) => e.eventId))] };
  }
}
