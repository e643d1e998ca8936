import { describe, expect, it } from 'vitest';
import { compareVersions, displayOffBySchedule, withinWorkingHours } from './native.js';
import { PlayerBuildManifest } from './schemas/native.js';

const at = (iso: string) => Date.parse(iso);

describe('working hours on the screen clock', () => {
  const rome = { workFrom: '08:00:00', workTo: '20:00:00', timezone: 'Europe/Rome' };

  it('reads the hours on the screen zone, not UTC', () => {
    // 06:30 UTC is 08:30 in Rome in summer (UTC+2), 07:30 in winter (UTC+1).
    expect(withinWorkingHours(rome, at('2025-07-01T06:30:00Z'))).toBe(true);
    expect(withinWorkingHours(rome, at('2025-01-15T06:30:00Z'))).toBe(false);
    // The end is not included: 20:00 local is out of hours.
    expect(withinWorkingHours(rome, at('2025-07-01T17:59:59Z'))).toBe(true);
    expect(withinWorkingHours(rome, at('2025-07-01T18:00:00Z'))).toBe(false);
  });

  it('runs across midnight when the end is before the start', () => {
    const night = { workFrom: '22:00:00', workTo: '06:00:00', timezone: 'UTC' };
    expect(withinWorkingHours(night, at('2025-03-01T23:00:00Z'))).toBe(true);
    expect(withinWorkingHours(night, at('2025-03-01T05:59:59Z'))).toBe(true);
    expect(withinWorkingHours(night, at('2025-03-01T12:00:00Z'))).toBe(false);
  });

  it('is all day without hours, with 23:59:59 as the day end, and with an unknown zone', () => {
    expect(withinWorkingHours({ workFrom: null, workTo: '10:00:00', timezone: 'UTC' }, 0)).toBe(true);
    const toEnd = { workFrom: '00:00:00', workTo: '23:59:59', timezone: 'UTC' };
    expect(withinWorkingHours(toEnd, at('2025-03-01T23:59:59.500Z'))).toBe(true);
    expect(withinWorkingHours({ ...rome, timezone: 'Mars/Olympus' }, at('2025-01-15T03:00:00Z'))).toBe(true);
  });

  it('has no working time when both ends are equal, as the schedule engine reads it', () => {
    const none = { workFrom: '09:00:00', workTo: '09:00:00', timezone: 'UTC' };
    expect(withinWorkingHours(none, at('2025-03-01T09:00:00Z'))).toBe(false);
  });
});

describe('display off by schedule', () => {
  const hours = { workFrom: '08:00:00', workTo: '20:00:00', timezone: 'UTC' };
  const night = at('2025-03-01T23:00:00Z');
  const noon = at('2025-03-01T12:00:00Z');

  it('holds only while the player said off and the screen is out of hours', () => {
    const off = { display: { power: 'off' as const } };
    expect(displayOffBySchedule(off, hours, night)).toBe(true);
    // Back in working hours, a screen still dark (or gone) is a failure again.
    expect(displayOffBySchedule(off, hours, noon)).toBe(false);
    expect(displayOffBySchedule({ display: { power: 'on' } }, hours, night)).toBe(false);
    expect(displayOffBySchedule({}, hours, night)).toBe(false);
    expect(displayOffBySchedule(null, hours, night)).toBe(false);
  });
});

describe('versions', () => {
  it('orders releases numerically and pre-releases before their release', () => {
    const sorted = [
      '0.1.0-e2e.2',
      '0.1.0-e2e.10',
      '0.1.0',
      '0.1.1',
      '0.2.0',
      '0.10.0',
      '1.0.0-rc.1',
      '1.0.0',
    ];
    const shuffled = [...sorted].reverse();
    expect(shuffled.sort(compareVersions)).toEqual(sorted);
    expect(compareVersions('v1.2.3', '1.2.3+build.5')).toBe(0);
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('1.0.0-alpha', '1.0.0-1')).toBe(1);
  });
});

describe('the build manifest', () => {
  const build = {
    platform: 'linux',
    file: 'Vitrine-Player-0.1.0-x86_64.AppImage',
    version: '0.1.0',
    size: 10,
  };
  const sha256 = 'a'.repeat(64);

  it('takes plain file names and hex digests only', () => {
    const ok = PlayerBuildManifest.safeParse({
      version: '0.1.0',
      builtAt: '',
      builds: [{ ...build, sha256 }],
    });
    expect(ok.success).toBe(true);
    for (const file of ['../etc/passwd', '.hidden', 'a/b.exe', 'a\\b.exe', '']) {
      const bad = PlayerBuildManifest.safeParse({
        version: '1',
        builtAt: '',
        builds: [{ ...build, file, sha256 }],
      });
      expect(bad.success, file).toBe(false);
    }
    const upper = PlayerBuildManifest.safeParse({
      version: '1',
      builtAt: '',
      builds: [{ ...build, sha256: 'A'.repeat(64) }],
    });
    expect(upper.success).toBe(false);
  });
});
