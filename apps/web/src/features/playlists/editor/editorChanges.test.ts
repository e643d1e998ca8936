import { describe, expect, it } from 'vitest';
import { withQuota, withoutError } from './editorChanges';

describe('withoutError', () => {
  it("drops a changed field's message", () => {
    expect(withoutError({ name: 'Required', files: 'Empty' }, 'name')).toEqual({ files: 'Empty' });
  });

  it('keeps the same object when the field had none', () => {
    const errors = { files: 'Empty' };
    expect(withoutError(errors, 'name')).toBe(errors);
  });
});

describe('withQuota', () => {
  it('sets one kind, replacing its old quantity', () => {
    const quotas = [
      { kind: 'QUANTUTY_PER_DAY' as const, quantity: 5 },
      { kind: 'QUANTUTY_PER_NETWORK' as const, quantity: 2 },
    ];
    expect(withQuota(quotas, 'QUANTUTY_PER_DAY', 9)).toEqual([
      { kind: 'QUANTUTY_PER_NETWORK', quantity: 2 },
      { kind: 'QUANTUTY_PER_DAY', quantity: 9 },
    ]);
  });

  it('drops a kind set to nothing', () => {
    expect(withQuota([{ kind: 'QUANTUTY_PER_DAY', quantity: 5 }], 'QUANTUTY_PER_DAY', null)).toEqual([]);
  });
});
