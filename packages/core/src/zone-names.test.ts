import { describe, expect, it } from 'vitest';
import { zoneAliases, zoneMatches, zoneNames } from './zone-names.js';

describe('time-zone names', () => {
  it('finds a zone by its current and its former names', () => {
    expect(zoneMatches('Europe/Kiev', 'Kyiv')).toBe(true);
    expect(zoneMatches('Europe/Kyiv', 'kiev')).toBe(true);
    expect(zoneMatches('Asia/Calcutta', 'Kolkata')).toBe(true);
    expect(zoneMatches('Asia/Kolkata', 'calcutta')).toBe(true);
    expect(zoneMatches('Asia/Saigon', 'ho chi minh')).toBe(true);
    expect(zoneMatches('America/New_York', 'new york')).toBe(true);
    expect(zoneMatches('Europe/Rome', 'Kyiv')).toBe(false);
    expect(zoneMatches('Europe/Rome', '')).toBe(true);
  });

  it('names the other names of a zone for its label', () => {
    expect(zoneNames('Europe/Kiev')[0]).toBe('Europe/Kiev');
    expect(zoneAliases('Europe/Kiev')).toContain('Europe/Kyiv');
    expect(zoneAliases('Europe/Rome')).toEqual([]);
  });

  it('lists only names the runtime knows as zones', () => {
    for (const name of ['Europe/Kyiv', 'Europe/Kiev', 'Asia/Kolkata', 'Asia/Calcutta', 'Pacific/Kanton'])
      expect(() => new Intl.DateTimeFormat('en', { timeZone: name })).not.toThrow();
  });
});
