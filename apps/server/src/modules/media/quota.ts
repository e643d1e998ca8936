import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories, Transact } from '../../db/repositories.js';
import { AppError } from '../../lib/errors.js';

/** How long a plain upload's hold lasts: its processing must end well before. */
const PROCESSING_HOLD_MS = 60 * 60_000;

/**
 * A cabinet's quota, counted over what its library stores and what its uploads in progress hold. Every
 * check and hold runs under the cabinet's lock, so uploads in parallel (on any process) cannot pass the
 * quota together; what an upload takes is held from the moment its size is known until its file row is
 * written (in the same transaction as the hold is let go) or it fails.
 */
export class Quota {
  constructor(
    private readonly deps: {
      repos: Repositories;
      transact: Transact;
      /** The installation's quota per cabinet (CABINET_QUOTA). */
      quota: number;
      /** The cabinet's own quota where billing sets one (its tariff's storage per screen slot); null: none. */
      limit?: (cabinetId: CabinetId) => Promise<number | null>;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** The cabinet's quota in bytes: its tariff's when billing is on, else the installation's. */
  async limitOf(cabinetId: CabinetId): Promise<number> {
    return (await this.deps.limit?.(cabinetId)) ?? this.deps.quota;
  }

  /** `limit` is read before the transaction: a read outside it would wait for it on a single connection. */
  private async check(
    repos: Repositories,
    cabinetId: CabinetId,
    bytes: number,
    limit: number,
  ): Promise<void> {
    await repos.quota.lock(cabinetId);
    if ((await repos.quota.takenBytes(cabinetId)) + bytes > limit) throw new AppError('QUOTA_EXCEEDED');
  }

  /**
   * Writes what a hold was for (the file row) and lets the hold go, in one transaction under the cabinet's
   * lock: a check running meanwhile sees the bytes either held or stored, never neither (without the lock
   * it could read the stored bytes before this commits and the holds after, counting them nowhere).
   */
  async settle<T>(
    cabinetId: CabinetId,
    holdId: number,
    write: (repos: Repositories) => Promise<T>,
  ): Promise<T> {
    return this.deps.transact(async (repos) => {
      await repos.quota.lock(cabinetId);
      const written = await write(repos);
      await repos.quota.removeHold(cabinetId, holdId);
      return written;
    });
  }

  /** Holds `bytes` of the quota, or refuses with QUOTA_EXCEEDED. Answers the hold's id. */
  async hold(
    cabinetId: CabinetId,
    bytes: number,
    options: { tusId?: string; expiresAt?: Date } = {},
  ): Promise<number> {
    const limit = await this.limitOf(cabinetId);
    return this.deps.transact(async (repos) => {
      await this.check(repos, cabinetId, bytes, limit);
      return repos.quota.insertHold({
        cabinetId,
        bytes,
        expiresAt: options.expiresAt ?? new Date(this.now().getTime() + PROCESSING_HOLD_MS),
        ...(options.tusId ? { tusId: options.tusId } : {}),
      });
    });
  }

  /** Holds `extra` bytes more on a hold (a package's unpacked files), or refuses with QUOTA_EXCEEDED. */
  async grow(cabinetId: CabinetId, id: number, extra: number): Promise<void> {
    if (extra <= 0) return;
    const limit = await this.limitOf(cabinetId);
    await this.deps.transact(async (repos) => {
      await this.check(repos, cabinetId, extra, limit);
      await repos.quota.growHold(cabinetId, id, extra);
    });
  }

  /** The hold a resumable upload took when it began. */
  holdOfTus(cabinetId: CabinetId, tusId: string): Promise<number | undefined> {
    return this.deps.repos.quota.holdOfTus(cabinetId, tusId);
  }

  release(cabinetId: CabinetId, id: number): Promise<void> {
    return this.deps.repos.quota.removeHold(cabinetId, id);
  }

  releaseTus(tusId: string): Promise<void> {
    return this.deps.repos.quota.platformRemoveHoldOfTus(tusId);
  }

  /** Bytes the cabinet's library stores. */
  stored(cabinetId: CabinetId): Promise<number> {
    return this.deps.repos.quota.storedBytes(cabinetId);
  }

  sweep(): Promise<number> {
    return this.deps.repos.quota.platformSweep();
  }
}
