import { backoffMs, expandPixel, expandVastMacros } from '@vitrine/core';
import type { Repositories } from '../../db/repositories.js';
import { BlockedUrlError, safeGet, type SafeFetchOptions } from '../../lib/safe-fetch.js';
import type { DueDelivery } from './tracker.repository.js';

export interface TrackerServiceDeps {
  repos: Pick<Repositories, 'trackers'>;
  /** Address checks and deadlines, as for every call made on a user's behalf. */
  fetchPolicy?: SafeFetchOptions;
  clock?: () => Date;
  log?: (message: string) => void;
}

/** How long one attempt may take, and how long a taken delivery is held before another process may retry. */
const ATTEMPT_MS = 10_000;
const LEASE_SECONDS = 60;
const BATCH = 50;
/** Deliveries sent side by side. */
const PARALLEL = 8;

/** The wait before attempt n + 1: 30 s doubling to an hour, spread so deliveries that failed together part. */
const RETRY = { baseMs: 30_000, maxMs: 3_600_000, jitter: [0.8, 1] } as const;

/**
 * Calls the third parties shows owe (a playlist's tracking pixel, spec §3): each stored show's delivery is
 * made once it is due, through the same address checks as any fetch for a user (no private or own
 * addresses), answered 2xx or 3xx: done; 408, 429 or 5xx, a timeout or a network failure: tried again with
 * backoff until a day after the show; any other answer: given up. A delivery is stored once per show
 * however often the screen resends it, so a third party hears of each show once (twice only when a process
 * dies between the call and its record, after the lease).
 */
export class TrackerService {
  private readonly clock: () => Date;

  constructor(private readonly deps: TrackerServiceDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  /** Sends what is due, batch after batch, until nothing is; answers what happened. */
  async deliverDue(): Promise<{ delivered: number; retried: number; failed: number }> {
    const counts = { delivered: 0, retried: 0, failed: 0 };
    for (;;) {
      const due = await this.deps.repos.trackers.platformClaimDue(BATCH, LEASE_SECONDS);
      if (due.length === 0) return counts;
      for (let i = 0; i < due.length; i += PARALLEL) {
        const outcomes = await Promise.all(due.slice(i, i + PARALLEL).map((d) => this.attempt(d)));
        for (const outcome of outcomes) counts[outcome] += 1;
      }
    }
  }

  private async attempt(d: DueDelivery): Promise<'delivered' | 'retried' | 'failed'> {
    const { trackers } = this.deps.repos;
    const url = d.kind.startsWith('ssp:')
      ? // An ad's calls had their auction macros filled in when it was won; VAST's [TIMESTAMP] is the play's.
        expandVastMacros(d.url, { at: (d.startedAt ?? this.clock()).getTime() })
      : expandPixel(d.url, {
          EVENT_ID: d.eventId,
          SCREEN_ID: d.pointId,
          SCREEN_NAME: d.pointName ?? '',
          PLAYLIST_ID: d.playlistId ?? '',
          FILE_ID: d.fileId ?? '',
          FILE_NAME: d.fileName ?? '',
          STARTED_AT: d.startedAt?.toISOString() ?? '',
          DURATION: Math.round(d.duration * 1000) / 1000,
          TIMESTAMP: d.startedAt ? Math.floor(d.startedAt.getTime() / 1000) : '',
        });
    let status: number | null = null;
    let error: string;
    try {
      const response = await safeGet(url, {
        ...this.deps.fetchPolicy,
        deadlineMs: ATTEMPT_MS,
        timeoutMs: ATTEMPT_MS,
        maxRedirects: 3,
        userAgent: 'Vitrine tracking',
        ...(d.method === 'POST' && d.body !== null ? { postJson: d.body } : {}),
      });
      response.resume();
      status = response.statusCode ?? 0;
      if (status >= 200 && status < 400) {
        await trackers.platformDelivered(d.id, status);
        return 'delivered';
      }
      error = `HTTP ${status}`;
      if (status !== 408 && status !== 429 && status < 500) {
        await trackers.platformGivenUp(d.id, error, status);
        this.deps.log?.(`Tracking call refused for good (${error}): delivery ${d.id} (${d.kind})`);
        return 'failed';
      }
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
      if (caught instanceof BlockedUrlError) {
        await trackers.platformGivenUp(d.id, error, null);
        return 'failed';
      }
    }
    const next = new Date(this.clock().getTime() + backoffMs(RETRY, d.attempts));
    if (next > d.expiresAt) {
      await trackers.platformGivenUp(d.id, error, status);
      this.deps.log?.(
        `Tracking call given up after ${d.attempts} attempts (${error}): delivery ${d.id} (${d.kind})`,
      );
      return 'failed';
    }
    await trackers.platformRetryAt(d.id, next, error, status);
    return 'retried';
  }
}
