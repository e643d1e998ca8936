import { describe, expect, it } from 'vitest';
import type { PointPatch } from '@vitrine/core';
import { checkBulkPatch } from './bulkPatch';
import { SETTING_DEFAULTS } from './SettingFields';
import { timeInput } from './settingValues';

const values = (over: Partial<PointPatch> = {}): PointPatch => ({ ...SETTING_DEFAULTS, ...over });

describe('checkBulkPatch', () => {
  it('puts only the ticked settings in the patch', () => {
    const check = checkBulkPatch(values({ rotation: 'LEFT', transitionMs: 500 }), ['rotation']);
    expect(check).toEqual({ ok: true, patch: { rotation: 'LEFT' } });
  });

  it('keys a refused value by its setting', () => {
    const check = checkBulkPatch(values({ transitionMs: -5 }), ['transitionMs', 'autostart']);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(Object.keys(check.errors)).toEqual(['transitionMs']);
  });

  it('leaves an unticked bad value alone', () => {
    expect(checkBulkPatch(values({ transitionMs: -5 }), ['autostart']).ok).toBe(true);
  });
});

describe('timeInput', () => {
  it('gives a time its seconds', () => {
    expect(timeInput('08:30')).toBe('08:30:00');
    expect(timeInput('08:30:15')).toBe('08:30:15');
  });
});
