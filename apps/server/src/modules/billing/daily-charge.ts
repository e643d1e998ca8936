import type { CabinetId } from '../../db/cabinet-id.js';
import type { Transact } from '../../db/repositories.js';
import type { ContentChange } from '../point/content-sync.js';
import type { ScreenDays } from './screen-days.js';
import { isoDay, type AccountTerms } from './terms.js';

export interface DailyChargeDeps {
  terms: AccountTerms;
  screenDays: ScreenDays;
  transact: Transact;
  /** Tells the cabinet's screens their content changed (the neutral slide starts or ends). */
  contentChanged?: (cabinetId: CabinetId, change: ContentChange) => Promise<unknown>;
  log: (message: string, error?: unknown) => void;
}

/**
 * The daily charge (docs/billing.md, "Charges" and "Lock"): each cabinet's screen-days, the lock when the
 * balance cannot pay them, and the screens told when the lock starts or ends.
 */
export class DailyCharge {
  constructor(private readonly deps: DailyChargeDeps) {}

  /**
   * Charges the cabinet's screens for `day` that are not charged yet, in one transaction: the screen-days
   * are keyed (cabinet, day, screen), so a second run charges nothing. When the balance cannot pay, nothing
   * is charged and the cabinet is marked unpaid (locked); a later run, after a payment, charges the day.
   */
  async chargeDay(
    cabinetId: CabinetId,
    day: string = isoDay(this.deps.terms.clock()),
  ): Promise<{ charged: number }> {
    const { terms, screenDays } = this.deps;
    if (!terms.enabled) return { charged: 0 };
    // Whether the lock started or ended here: the screens are told after the commit.
    let moved = false;
    const result = await this.deps.transact(async (repos) => {
      moved = false;
      const account = await repos.billing.lockAccount(cabinetId);
      if (!account) return null;
      const outcome = await screenDays.chargeFresh(repos, account, day);
      const unpaid = outcome === 'short';
      if (unpaid !== (account.unpaidSince !== null)) {
        await repos.billing.setUnpaidSince(cabinetId, unpaid ? terms.clock() : null);
        moved = true;
      }
      return unpaid ? null : outcome;
    });
    if (moved) await this.tellScreens(cabinetId);
    if (result?.firstOfDay && result.total > 0) await screenDays.warnIfLow(cabinetId);
    return { charged: result?.total ?? 0 };
  }

  /** The daily job: every cabinet's screens for today (safe to run any number of times). */
  async chargeAll(day: string = isoDay(this.deps.terms.clock())): Promise<number> {
    const { terms } = this.deps;
    if (!terms.enabled) return 0;
    let total = 0;
    for (const cabinetId of await terms.repos.billing.platformCabinetsToCharge()) {
      try {
        total += (await this.chargeDay(cabinetId, day)).charged;
      } catch (error) {
        this.deps.log(`billing: charging cabinet ${cabinetId} failed`, error);
      }
    }
    return total;
  }

  /**
   * The lock started or ended, or the block moved: every screen of the cabinet is told at once, so a
   * payment brings the schedule back without waiting for the screens' regular fetch.
   */
  async tellScreens(cabinetId: CabinetId): Promise<void> {
    const { contentChanged } = this.deps;
    if (!contentChanged) return;
    const screens = await this.deps.terms.repos.billing.screens(cabinetId);
    await contentChanged(cabinetId, {
      immediate: screens,
      passive: [],
      reason: { kind: 'billing', name: null },
    }).catch((error: unknown) => this.deps.log('billing: telling the screens failed', error));
  }
}
