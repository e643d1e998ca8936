/**
 * A cabinet's state as billing sees it (docs/billing.md). The audience never sees a billing problem:
 * when funds run out the cabinet is locked (changes that cost money or change what plays are refused,
 * reading, paying and removing stay possible) and screens keep playing their last schedule through the
 * grace period; only after it do they show a neutral slide, never a red flash or a message.
 */
export const BILLING_STATES = ['active', 'locked', 'dark', 'blocked', 'off'] as const;
export type BillingState = (typeof BILLING_STATES)[number];

export interface LockFacts {
  /** Billing is switched off for this installation (self-hosted, charging nobody). */
  billingOff: boolean;
  /** The platform admin blocked the cabinet by hand. */
  blocked: boolean;
  /** When the funds last failed to pay a day; null while they pay. */
  unpaidSince: Date | null;
  graceDays: number;
  now: Date;
}

export function billingState(facts: LockFacts): BillingState {
  if (facts.blocked) return 'blocked';
  if (facts.billingOff) return 'off';
  if (!facts.unpaidSince) return 'active';
  const graceEnds = facts.unpaidSince.getTime() + facts.graceDays * 86_400_000;
  return facts.now.getTime() < graceEnds ? 'locked' : 'dark';
}

/**
 * From when the cabinet's screens show the neutral slide: the end of the grace period of a locked cabinet,
 * at once (the epoch) for one the platform admin blocked, never while it pays or billing is off.
 */
export function neutralFrom(facts: Omit<LockFacts, 'now'>): Date | null {
  if (facts.blocked) return new Date(0);
  if (facts.billingOff || !facts.unpaidSince) return null;
  return new Date(facts.unpaidSince.getTime() + facts.graceDays * 86_400_000);
}

/** Whether the state refuses actions that cost money or change what screens play. */
export const refusesChanges = (state: BillingState): boolean =>
  state === 'locked' || state === 'dark' || state === 'blocked';
