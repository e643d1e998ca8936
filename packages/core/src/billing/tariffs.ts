/**
 * Tariffs are data (spec §3: Free, Audio, Pro, Pro +, Enterprise, Non-Commercial): a price per screen and
 * month, the screens it allows ('Up to {count} devices') and those that cost nothing ('{count} free
 * slots'), storage per screen slot, and the features it opens. These are the defaults a new installation
 * starts with; the platform admin edits the table.
 */
import type { Tariff } from '../constants.js';
import type { Minor } from './money.js';

/** What a tariff may open beyond showing pictures, video and pages on screens. */
export const FEATURES = ['video', 'walls', 'ssp', 'apiTokens', 'studio'] as const;
export type Feature = (typeof FEATURES)[number];

export interface TariffPlan {
  id: Tariff;
  /** Per screen and month, minor units of the billing currency. */
  monthlyPrice: Minor;
  /** Screens the tariff allows at most; null: no limit. */
  screenLimit: number | null;
  /** Screens that cost nothing (the first ones, oldest first). */
  freeSlots: number;
  /** Library bytes per screen slot (free slots count). */
  storagePerScreen: number;
  features: readonly Feature[];
  /** Only audio files play (background music players). */
  audioOnly: boolean;
}

/** The tariff a new cabinet starts on (the `cabinets.tariff` default): it cannot be removed. */
export const NEW_CABINET_TARIFF: Tariff = 'free';

const MB = 1024 * 1024;
const GB = 1024 * MB;

export const DEFAULT_TARIFF_PLANS: readonly TariffPlan[] = [
  {
    id: 'free',
    monthlyPrice: 0,
    screenLimit: 2,
    freeSlots: 2,
    storagePerScreen: 500 * MB,
    features: ['video'],
    audioOnly: false,
  },
  {
    id: 'audio',
    monthlyPrice: 500,
    screenLimit: null,
    freeSlots: 0,
    storagePerScreen: 500 * MB,
    features: ['apiTokens'],
    audioOnly: true,
  },
  {
    id: 'pro',
    monthlyPrice: 1800,
    screenLimit: 100,
    freeSlots: 1,
    storagePerScreen: 2 * GB,
    features: ['video', 'apiTokens', 'studio'],
    audioOnly: false,
  },
  {
    id: 'proPlus',
    // Between Pro and Enterprise: walls and the SSP for a little more than Pro, while Enterprise costs more
    // again for no screen limit and twice the storage (no tariff is worse than another at a lower price).
    monthlyPrice: 2100,
    screenLimit: 1000,
    freeSlots: 1,
    storagePerScreen: 5 * GB,
    features: ['video', 'apiTokens', 'studio', 'walls', 'ssp'],
    audioOnly: false,
  },
  {
    id: 'enterprise',
    monthlyPrice: 2200,
    screenLimit: null,
    freeSlots: 0,
    storagePerScreen: 10 * GB,
    features: ['video', 'apiTokens', 'studio', 'walls', 'ssp'],
    audioOnly: false,
  },
  {
    id: 'nonCommercial',
    monthlyPrice: 1800,
    screenLimit: 1000,
    freeSlots: 1,
    storagePerScreen: 2 * GB,
    features: ['video', 'apiTokens', 'studio', 'walls'],
    audioOnly: false,
  },
];

/** The cheapest tariff that has the feature and room for the screens; null when none does. */
export function tariffAllowing(
  plans: readonly TariffPlan[],
  need: { feature?: Feature; screens?: number },
): TariffPlan | null {
  const fits = plans.filter(
    (p) =>
      (need.feature === undefined || p.features.includes(need.feature)) &&
      (need.screens === undefined || p.screenLimit === null || p.screenLimit >= need.screens),
  );
  return fits.sort((a, b) => a.monthlyPrice - b.monthlyPrice)[0] ?? null;
}

/** Library bytes the tariff gives a cabinet with this many screens (free slots count, at least one). */
export function storageAllowance(plan: TariffPlan, screens: number): number {
  return plan.storagePerScreen * Math.max(1, screens, plan.freeSlots);
}
