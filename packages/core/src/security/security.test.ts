import { describe, expect, it } from 'vitest';
import {
  DisableTwoFaBody,
  EnableTwoFaBody,
  RecoveryCode,
  TwoFaCode,
  groupedNames,
  isDeepLinkPayload,
  otpauthUri,
  presenceAlerts,
  OFFLINE_ALERT_GROUP_MS,
} from './index.js';

describe('two-factor input', () => {
  it('takes a 6-digit code, spaces dropped, and refuses anything else with the message', () => {
    expect(TwoFaCode.parse('123 456')).toBe('123456');
    const bad = TwoFaCode.safeParse('12345');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('The code must be 6 digits');
    expect(RecoveryCode.parse(' K7M2P-Q9X4D ')).toBe('k7m2p-q9x4d');
    expect(EnableTwoFaBody.safeParse({ secret: 'JBSWY3DPEHPK3PXP', code: '000000' }).success).toBe(true);
    expect(EnableTwoFaBody.safeParse({ secret: 'not base32!', code: '000000' }).success).toBe(false);
    expect(DisableTwoFaBody.safeParse({}).success).toBe(false);
    expect(DisableTwoFaBody.safeParse({ password: 'x' }).success).toBe(true);
  });

  it('makes the address an authenticator app reads', () => {
    expect(otpauthUri('Vitrine', 'owner@example.com', 'JBSWY3DPEHPK3PXP')).toBe(
      'otpauth://totp/Vitrine%3Aowner%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Vitrine&algorithm=SHA1&digits=6&period=30',
    );
  });
});

describe('presence alerts', () => {
  const now = 1_000_000_000;
  const fact = (pointId: number, minutesAgo: number | null, online: boolean, alerted: boolean) => ({
    pointId,
    name: `Screen ${pointId}`,
    lastSeen: minutesAgo === null ? null : now - minutesAgo * 60_000,
    online,
    alerted,
  });

  it('reports a screen offline only past the threshold and once, and back only after a report', () => {
    const alerts = presenceAlerts(
      [
        fact(1, 3, false, false), // a blip: not yet
        fact(2, 11, false, false), // really gone
        fact(3, 60, false, true), // reported already
        fact(4, 0, true, true), // back
        fact(5, 0, true, false), // never left
        fact(6, null, false, false), // never seen
      ],
      now,
    );
    expect(alerts.offline.map((a) => a.pointId)).toEqual([2, 6]);
    expect(alerts.online.map((a) => a.pointId)).toEqual([4]);
  });

  it('does not report a screen whose display is off by schedule', () => {
    const alerts = presenceAlerts(
      [
        { ...fact(1, 60, false, false), displayOff: true },
        { ...fact(2, 60, false, false), displayOff: false },
      ],
      now,
    );
    expect(alerts.offline.map((a) => a.pointId)).toEqual([2]);
  });

  it('holds a screen past its threshold while another of its cabinet is about to pass, at most the window', () => {
    const inCabinet = (pointId: number, secondsAgo: number, group: number) => ({
      ...fact(pointId, secondsAgo / 60, false, false),
      group,
    });
    // Screen 1 passed its threshold 60 s ago; screen 2 of the same cabinet passes in 60 s: wait for it.
    const together = [inCabinet(1, 660, 1), inCabinet(2, 540, 1), inCabinet(3, 660, 2)];
    expect(presenceAlerts(together, now).offline.map((a) => a.pointId)).toEqual([3]);
    const later = now + 61_000;
    expect(presenceAlerts(together, later).offline.map((a) => a.pointId)).toEqual([1, 2, 3]);
    // Never longer than the window: past it, screen 1 goes alone even if screen 2 is still to come.
    const chain = [inCabinet(1, 600 + OFFLINE_ALERT_GROUP_MS / 1000, 1), inCabinet(2, 590, 1)];
    expect(presenceAlerts(chain, now).offline.map((a) => a.pointId)).toEqual([1]);
    // One that passes later than the window is not waited for.
    expect(presenceAlerts([inCabinet(1, 660, 1), inCabinet(2, 300, 1)], now).offline).toHaveLength(1);
  });

  it('groups many screens into one message with a count of the rest', () => {
    const names = Array.from({ length: 25 }, (_, i) => `Screen ${i + 1}`);
    expect(groupedNames(names)).toEqual({ names: names.slice(0, 10), more: 15 });
    expect(isDeepLinkPayload('a'.repeat(64))).toBe(true);
    expect(isDeepLinkPayload('a'.repeat(65))).toBe(false);
    expect(isDeepLinkPayload('bad payload')).toBe(false);
  });
});
