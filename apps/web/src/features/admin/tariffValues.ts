import type { TariffPlan } from '@vitrine/core';

export const MB = 1024 * 1024;

/** Storage per slot as people read it: whole megabytes, or gigabytes when whole. */
export function storageUnits(bytes: number): { unit: 'gb' | 'mb'; count: number } {
  return bytes % (1024 * MB) === 0 && bytes > 0
    ? { unit: 'gb', count: bytes / (1024 * MB) }
    : { unit: 'mb', count: Math.round(bytes / MB) };
}

/** The form's start: a tariff's own settings, or a new one on the first free id. */
export function tariffStart(plan: TariffPlan | null, free: TariffPlan['id'][]): TariffPlan {
  return plan
    ? {
        id: plan.id,
        monthlyPrice: plan.monthlyPrice,
        screenLimit: plan.screenLimit,
        freeSlots: plan.freeSlots,
        storagePerScreen: plan.storagePerScreen,
        features: plan.features,
        audioOnly: plan.audioOnly,
      }
    : {
        id: free[0] ?? 'free',
        monthlyPrice: 0,
        screenLimit: null,
        freeSlots: 0,
        storagePerScreen: 500 * MB,
        features: ['video'],
        audioOnly: false,
      };
}

/** The settings one edit changed. */
export function changedFields(before: TariffPlan, after: TariffPlan): (keyof TariffPlan)[] {
  return (Object.keys(after) as (keyof TariffPlan)[]).filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
}
