import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISPLAY_CHECK_MS, DisplaySchedule, methodOf } from './display';
import type { Logger } from './log';

const lines: string[] = [];
const log: Logger = {
  debug: () => {},
  info: (m) => void lines.push(m),
  warn: (m) => void lines.push(`warn: ${m}`),
  error: () => {},
};
const hours = { workFrom: '08:00:00', workTo: '20:00:00', timezone: 'UTC' };
const NOON = Date.parse('2025-03-03T12:00:00Z');
const NIGHT = Date.parse('2025-03-03T21:00:00Z');

function setup(now: { value: number }, native: VitrineNative | null) {
  const blanks: boolean[] = [];
  const changes: number[] = [];
  const schedule = new DisplaySchedule({
    log,
    blank: (off) => void blanks.push(off),
    onChange: () => void changes.push(now.value),
    now: () => now.value,
    native: () => native,
  });
  return { schedule, blanks, changes };
}

afterEach(() => {
  vi.useRealTimers();
  lines.length = 0;
});

describe('the panel by the working hours', () => {
  it('turns the panel off out of hours and on again, through the shell, once per change', async () => {
    vi.useFakeTimers();
    const calls: boolean[] = [];
    const native: VitrineNative = {
      displayPower: async (on) => {
        calls.push(on);
        return on ? { method: 'cec' } : 'cec';
      },
    };
    const now = { value: NIGHT };
    const { schedule, blanks, changes } = setup(now, native);
    expect(schedule.report()).toBeNull();
    await schedule.apply(hours);
    expect(calls).toEqual([false]);
    expect(blanks).toEqual([true]);
    expect(schedule.report()).toEqual({ power: 'off', method: 'cec' });
    // The same state is not asked for again.
    await schedule.check();
    expect(calls).toEqual([false]);
    // Morning: the regular check brings the panel back.
    now.value = Date.parse('2025-03-04T08:00:00Z');
    await vi.advanceTimersByTimeAsync(DISPLAY_CHECK_MS);
    expect(calls).toEqual([false, true]);
    expect(blanks).toEqual([true, false]);
    expect(schedule.report()).toEqual({ power: 'on', method: 'cec' });
    expect(changes).toHaveLength(2);
    expect(lines).toEqual(['Out of working hours: display off (cec)', 'Working hours: display on (cec)']);
    schedule.destroy();
  });

  it('makes sure the panel is on when it starts within hours, and says nothing of it', async () => {
    const calls: boolean[] = [];
    const { schedule, blanks } = setup({ value: NOON }, { displayPower: (on) => void calls.push(on) });
    await schedule.apply(hours);
    expect(calls).toEqual([true]);
    expect(blanks).toEqual([false]);
    expect(schedule.report()).toEqual({ power: 'on', method: null });
    expect(lines).toEqual([]);
    schedule.destroy();
  });

  it('only blacks the page out without a shell, or when the shell fails', async () => {
    const bare = setup({ value: NIGHT }, null);
    await bare.schedule.apply(hours);
    expect(bare.schedule.report()).toEqual({ power: 'off', method: 'blank' });
    bare.schedule.destroy();
    const failing = setup(
      { value: NIGHT },
      {
        displayPower: () => Promise.reject(new Error('no CEC adapter, no DPMS')),
      },
    );
    await failing.schedule.apply(hours);
    expect(failing.schedule.report()).toEqual({ power: 'off', method: 'blank' });
    expect(lines.some((l) => l.includes('could not turn the display off: no CEC adapter'))).toBe(true);
    failing.schedule.destroy();
  });

  it('asks a shell that arrives after the page started (Android injects its bridge once loaded)', async () => {
    const calls: boolean[] = [];
    let native: VitrineNative | null = null;
    const now = { value: NIGHT };
    const blanks: boolean[] = [];
    const schedule = new DisplaySchedule({
      log,
      blank: (off) => void blanks.push(off),
      now: () => now.value,
      native: () => native,
    });
    await schedule.apply(hours);
    expect(schedule.report()).toEqual({ power: 'off', method: 'blank' });
    native = { displayPower: (on) => (calls.push(on), 'android') };
    await schedule.check();
    expect(calls).toEqual([false]);
    expect(schedule.report()).toEqual({ power: 'off', method: 'android' });
    await schedule.check();
    expect(calls).toEqual([false]);
    // Said once in the log: the panel went off once.
    expect(lines.filter((l) => l.startsWith('Out of working hours'))).toHaveLength(1);
    schedule.destroy();
  });

  it('follows new hours at once, and all day without hours', async () => {
    const now = { value: NIGHT };
    const { schedule } = setup(now, null);
    await schedule.apply(hours);
    expect(schedule.report()?.power).toBe('off');
    await schedule.apply({ workFrom: null, workTo: null, timezone: 'UTC' });
    expect(schedule.report()?.power).toBe('on');
    schedule.destroy();
  });
});

describe("a shell's display answer", () => {
  it('is a known method, as text, JSON or an object; anything else is none', () => {
    expect(methodOf('dpms')).toBe('dpms');
    expect(methodOf('"randr"')).toBe('randr');
    expect(methodOf('{"method":"android"}')).toBe('android');
    expect(methodOf({ method: 'windows' })).toBe('windows');
    for (const other of [null, undefined, 'magic', { method: 'x' }, 3]) expect(methodOf(other)).toBeNull();
  });
});
