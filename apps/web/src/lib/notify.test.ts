import { describe, expect, it } from 'vitest';
import { truncateMessage } from './notices';

describe('notification text (spec §8)', () => {
  it('keeps messages of up to 25 characters', () => {
    expect(truncateMessage('Action performed')).toBe('Action performed');
    expect(truncateMessage('x'.repeat(25))).toBe('x'.repeat(25));
  });
  it('cuts longer ones to 25 characters followed by three dots', () => {
    expect(truncateMessage('Performing this action is not allowed with current tariff plan')).toBe(
      'Performing this action is...',
    );
  });
});
