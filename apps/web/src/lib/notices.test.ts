import { describe, expect, it } from 'vitest';
import { notices } from './notices';

describe('the notification history', () => {
  it('keeps every notice whole, newest first, at most fifty, until cleared', () => {
    notices.clear();
    const long = 'Performing this action is not allowed with current tariff plan';
    notices.add('error', long);
    notices.add('success', 'Action performed');
    expect(notices.snapshot().map((n) => [n.kind, n.message, n.read])).toEqual([
      ['success', 'Action performed', false],
      ['error', long, false],
    ]);
    notices.markRead();
    expect(notices.snapshot().every((n) => n.read)).toBe(true);
    for (let i = 0; i < 60; i += 1) notices.add('info', `n${i}`);
    expect(notices.snapshot()).toHaveLength(50);
    expect(notices.snapshot()[0]!.message).toBe('n59');
    notices.clear();
    expect(notices.snapshot()).toEqual([]);
  });
});
