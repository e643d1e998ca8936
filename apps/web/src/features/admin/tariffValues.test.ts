import { describe, expect, it } from 'vitest';
import type { TariffPlan } from '@vitrine/core';
import { MB, changedFields, storageUnits, tariffStart } from './tariffValues';

const pro: TariffPlan = {
  id: 'pro',
  monthlyPrice: 1000,
  screenLimit: 10,
  freeSlots: 1,
  storagePerScreen: 2048 * MB,
  features: ['video'],
  audioOnly: false,
};

describe('storageUnits', () => {
  it('reads whole gigabytes as gigabytes, else megabytes', () => {
    expect(storageUnits(2048 * MB)).toEqual({ unit: 'gb', count: 2 });
    expect(storageUnits(500 * MB)).toEqual({ unit: 'mb', count: 500 });
    expect(storageUnits(0)).toEqual({ unit: 'mb', count: 0 });
  });
});

describe('tariffStart', () => {
  it("starts from a tariff's own settings", () => {
    expect(tariffStart(pro, [])).toEqual(pro);
  });

  it('starts a new tariff on the first free id', () => {
    expect(tariffStart(null, ['audio', 'enterprise'])).toMatchObject({ id: 'audio', monthlyPrice: 0 });
    expect(tariffStart(null, []).id).toBe('free');
  });
});

describe('changedFields', () => {
  it('names the settings an edit changed', () => {
    expect(changedFields(pro, { ...pro, monthlyPrice: 2000, features: ['video', 'walls'] })).toEqual([
      'monthlyPrice',
      'features',
    ]);
    expect(changedFields(pro, { ...pro })).toEqual([]);
  });
});
