import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from './log';
import {
  NATIVE_CHANGE_MS,
  NATIVE_REPORT_MS,
  NativeAutostart,
  imageOf,
  nativeScreenshot,
  shellOf,
  startNativeReports,
} from './native';

const warnings: string[] = [];
const log: Logger = { debug: () => {}, info: () => {}, warn: (m) => void warnings.push(m), error: () => {} };
afterEach(() => {
  vi.useRealTimers();
  warnings.length = 0;
  delete (globalThis as { vitrineNative?: unknown }).vitrineNative;
});

// A 1x1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('the native shell, as the player asks it', () => {
  it('says which shell hosts the page, and nothing for what it cannot trust', async () => {
    expect(await shellOf({ shell: () => ({ platform: 'linux', version: '0.1.0' }) })).toEqual({
      platform: 'linux',
      version: '0.1.0',
    });
    expect(await shellOf({ shell: () => '{"platform":"android","version":"0.1.0"}' })).toEqual({
      platform: 'android',
      version: '0.1.0',
    });
    expect(await shellOf({ shell: () => ({ platform: 'amiga', version: '1' }) })).toBeNull();
    expect(await shellOf({ shell: () => Promise.reject(new Error('gone')) })).toBeNull();
    expect(await shellOf({})).toBeNull();
    expect(await shellOf(null)).toBeNull();
  });

  it("takes the shell's screenshot as an image, and falls back to its own when there is none", async () => {
    const image = imageOf(`data:image/png;base64,${PNG}`);
    expect(image?.type).toBe('image/png');
    expect(image?.size).toBe(Buffer.from(PNG, 'base64').length);
    expect(imageOf(PNG)?.type).toBe('image/jpeg');
    for (const bad of ['', 'data:text/html;base64,PGI+', 'not base64 at all!', 42])
      expect(imageOf(bad)).toBeNull();

    expect(
      await nativeScreenshot(log, { screenshot: async () => `data:image/png;base64,${PNG}` }),
    ).not.toBeNull();
    expect(await nativeScreenshot(log, { screenshot: () => null })).toBeNull();
    expect(
      await nativeScreenshot(log, { screenshot: () => Promise.reject(new Error('no target')) }),
    ).toBeNull();
    expect(warnings).toHaveLength(2);
    expect(await nativeScreenshot(log, {})).toBeNull();
  });

  it('tells the shell the autostart setting once per value', async () => {
    const calls: boolean[] = [];
    const native: VitrineNative = { autostart: (on) => void calls.push(on) };
    const autostart = new NativeAutostart(log);
    autostart.apply(true, native);
    autostart.apply(true, native);
    autostart.apply(false, native);
    expect(calls).toEqual([true, false]);
  });

  it("beats for the shell's watchdog whatever happens, at once when its state changes, and stops when told", () => {
    vi.useFakeTimers();
    const beats: Record<string, unknown>[] = [];
    (globalThis as { vitrineNative?: VitrineNative }).vitrineNative = {
      report: (status) => void beats.push(status),
    };
    let state = 'pairing';
    let asked = 0;
    const stop = startNativeReports(() => {
      asked++;
      return { state };
    });
    expect(beats).toEqual([{ state: 'pairing' }]);
    // Nothing new: the next beat waits its regular time.
    vi.advanceTimersByTime(NATIVE_REPORT_MS - NATIVE_CHANGE_MS);
    expect(beats).toHaveLength(1);
    vi.advanceTimersByTime(NATIVE_CHANGE_MS);
    expect(beats).toHaveLength(2);
    // A change is told within a second.
    state = 'playing';
    vi.advanceTimersByTime(NATIVE_CHANGE_MS);
    expect(beats.at(-1)).toEqual({ state: 'playing' });
    // A shell whose report throws does not stop the beat.
    (globalThis as { vitrineNative?: VitrineNative }).vitrineNative = {
      report: () => {
        throw new Error('binding gone');
      },
    };
    state = 'idle';
    vi.advanceTimersByTime(NATIVE_CHANGE_MS);
    stop();
    const before = asked;
    vi.advanceTimersByTime(NATIVE_REPORT_MS * 3);
    expect(asked).toBe(before);
  });
});
