import { CHANNELS, type Bus } from '../../db/bus.js';
import type { DeviceCaller } from '../../lib/caller.js';

/** Screens kept in memory at most (a fleet of 50,000 fits twice; the oldest goes first). */
const MAX_KEPT = 100_000;
/**
 * How long a screen is taken from memory before the database is asked again. Forgetting is the database's
 * own announcement, not this; it only bounds what a mistake elsewhere (a message never sent) could cost.
 */
const KEEP_MS = 5 * 60_000;

interface Kept {
  caller: DeviceCaller;
  at: number;
}

export interface DeviceTokensOptions {
  bus: Bus;
  /** The screen whose device token has this hash, from the database. */
  lookup: (hash: string) => Promise<DeviceCaller | null>;
  /** Screens removed, on whichever process: their sockets on this one are closed. */
  onRemoved?: (pointIds: number[]) => void;
  now?: () => number;
  maxKept?: number;
}

/** What the channel carries (migration 0038): "r:" removed or "t:" token changed, then the screens' ids. */
function parseRevocation(payload: string): { removed: boolean; ids: number[] } | null {
  const kind = payload.slice(0, 2);
  if (kind !== 'r:' && kind !== 't:') return null;
  const ids = payload
    .slice(2)
    .split(',')
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  return { removed: kind === 'r:', ids };
}

/**
 * Which screen a device token belongs to, kept in memory so that a player's calls (a proof-of-play batch, a
 * manifest) do not each ask the database first. A token stops working on every process as soon as the
 * database announces it (triggers on `points` NOTIFY the screens removed or re-tokened when their
 * transaction commits, migration 0038), and on this process at once when it made the change (`forget`).
 *
 * Nothing stale is kept: a lookup that was under way while a screen was forgotten is not kept (the
 * generation moved), and while the bus's listening connection is down nothing is kept and nothing is
 * served from memory (what was announced meanwhile is lost, so everything kept before is dropped).
 */
export class DeviceTokens {
  private readonly kept = new Map<string, Kept>();
  private readonly hashOf = new Map<number, string>();
  private generation = 0;
  private live = false;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly now: () => number;
  private readonly maxKept: number;
  /** Calls answered from memory and from the database (bench and tests read them). */
  readonly counts = { kept: 0, asked: 0 };

  constructor(private readonly options: DeviceTokensOptions) {
    this.now = options.now ?? Date.now;
    this.maxKept = options.maxKept ?? MAX_KEPT;
  }

  async start(): Promise<void> {
    this.unlisten = await this.options.bus.subscribe(
      CHANNELS.devices,
      (payload) => this.heard(payload),
      (live) => this.setLive(live),
    );
  }

  async stop(): Promise<void> {
    this.setLive(false);
    // The database may be gone already (a shutdown, a test that closed it): nothing is left to undo then.
    await this.unlisten?.().catch(() => undefined);
    this.unlisten = null;
  }

  /** Whether memory is in use (the announcements are being heard). */
  get listening(): boolean {
    return this.live;
  }

  get size(): number {
    return this.kept.size;
  }

  /** The screen of a device token's hash, or null. */
  async callerOf(hash: string): Promise<DeviceCaller | null> {
    const hit = this.live ? this.kept.get(hash) : undefined;
    if (hit && this.now() - hit.at < KEEP_MS) {
      this.counts.kept++;
      return hit.caller;
    }
    if (hit) this.drop(hit.caller.pointId);
    const generation = this.generation;
    this.counts.asked++;
    const caller = await this.options.lookup(hash);
    if (caller && this.live && generation === this.generation) this.keep(hash, caller);
    return caller;
  }

  /** These screens' tokens are no longer taken from memory (their change is committed). */
  forget(pointIds: readonly number[]): void {
    this.generation++;
    for (const id of pointIds) this.drop(id);
  }

  private keep(hash: string, caller: DeviceCaller): void {
    this.drop(caller.pointId);
    if (this.kept.size >= this.maxKept) {
      const oldest = this.kept.values().next().value;
      if (oldest) this.drop(oldest.caller.pointId);
    }
    this.kept.set(hash, { caller, at: this.now() });
    this.hashOf.set(caller.pointId, hash);
  }

  private drop(pointId: number): void {
    const hash = this.hashOf.get(pointId);
    if (hash === undefined) return;
    this.hashOf.delete(pointId);
    this.kept.delete(hash);
  }

  private heard(payload: string): void {
    const revocation = parseRevocation(payload);
    if (!revocation) return;
    this.forget(revocation.ids);
    if (revocation.removed) this.options.onRemoved?.(revocation.ids);
  }

  private setLive(live: boolean): void {
    this.generation++;
    this.kept.clear();
    this.hashOf.clear();
    this.live = live;
  }
}
