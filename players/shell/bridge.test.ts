import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  BINDING,
  bridgeScript,
  parseCall,
  runCall,
  settleExpression,
  type BridgeHandlers,
} from './bridge.js';

const SHELL = { platform: 'linux' as const, version: '1.2.3' };

/** The page's side: a window with the binding, the bridge script run in it first, as the browser does. */
function page(origin: string, top = true) {
  const sent: string[] = [];
  const window: Record<string, unknown> = { location: { origin } };
  window.window = window;
  window.top = top ? window : {};
  window[BINDING] = (payload: string) => sent.push(payload);
  runInNewContext(bridgeScript('https://signage.example', SHELL), window);
  return { window, sent, native: window.vitrineNative as VitrineNativeLike | undefined };
}
interface VitrineNativeLike {
  shell(): unknown;
  reboot(): Promise<unknown>;
  terminal(args?: unknown): Promise<unknown>;
  displayPower(on: unknown): Promise<unknown>;
  report(status: unknown): void;
}

const handlers = (overrides: Partial<BridgeHandlers> = {}): BridgeHandlers => ({
  reboot: async () => ({ ok: true }),
  terminal: async () => 'Linux 6.1 aarch64',
  screenshot: async () => 'data:image/jpeg;base64,AAAA',
  displayPower: async (on) => (on ? 'cec' : 'dpms'),
  relaunch: async () => undefined,
  autostart: async () => undefined,
  report: () => undefined,
  ...overrides,
});

describe('the bridge in the page', () => {
  it("is defined only in the top frame of the server's origin", () => {
    expect(page('https://signage.example').native).toBeDefined();
    expect(page('https://signage.example', false).native).toBeUndefined();
    expect(page('https://elsewhere.example').native).toBeUndefined();
    expect(page('null').native).toBeUndefined();
  });

  it('sends each call through the binding and settles it with the answer', async () => {
    const { window, sent, native } = page('https://signage.example');
    expect(native!.shell()).toEqual(SHELL);
    const reboot = native!.reboot();
    const display = native!.displayPower('yes');
    native!.report({ state: 'playing' });
    expect(sent.map((s) => JSON.parse(s))).toEqual([
      { id: 1, method: 'reboot', args: [] },
      { id: 2, method: 'displayPower', args: [false] },
      { id: 0, method: 'report', args: [{ state: 'playing' }] },
    ]);
    runInNewContext(settleExpression(1, true, { ok: true }), window);
    runInNewContext(settleExpression(2, false, 'no CEC adapter'), window);
    expect(await reboot).toEqual({ ok: true });
    await expect(display).rejects.toThrow('no CEC adapter');
    // The bridge cannot be replaced by the page's scripts.
    expect(() => runInNewContext('"use strict"; window.vitrineNative = {}', window)).toThrow();
  });
});

describe('the calls the shell hears', () => {
  it('takes known methods with a whole id and a list of arguments, and nothing else', () => {
    expect(parseCall('{"id":3,"method":"terminal","args":[{}]}')).toEqual({
      id: 3,
      method: 'terminal',
      args: [{}],
    });
    for (const bad of [
      'not json',
      '{"id":1,"method":"exec","args":[]}',
      '{"id":-1,"method":"reboot","args":[]}',
      '{"id":1.5,"method":"reboot","args":[]}',
      '{"id":1,"method":"reboot"}',
      'null',
      `{"id":1,"method":"report","args":["${'x'.repeat(100_001)}"]}`,
    ])
      expect(parseCall(bad), bad.slice(0, 40)).toBeNull();
  });

  it('runs each call, keeps answers within the cabinet limit, and turns failures into their text', async () => {
    const call = (method: string, args: unknown[] = []) =>
      parseCall(JSON.stringify({ id: 1, method, args }))!;
    expect(await runCall(call('displayPower', [true]), handlers())).toEqual({ ok: true, value: 'cec' });
    expect(await runCall(call('screenshot'), handlers())).toEqual({
      ok: true,
      value: 'data:image/jpeg;base64,AAAA',
    });
    const long = await runCall(call('terminal'), handlers({ terminal: async () => 'x'.repeat(900) }));
    expect((long.value as string).length).toBe(500);
    const failed = await runCall(
      call('reboot'),
      handlers({
        reboot: async () => {
          throw new Error('Reboot refused: Interactive authentication required.');
        },
      }),
    );
    expect(failed).toEqual({ ok: false, value: 'Reboot refused: Interactive authentication required.' });
    const reports: unknown[] = [];
    await runCall(call('report', ['not an object']), handlers({ report: (s) => void reports.push(s) }));
    expect(reports).toEqual([{}]);
  });
});
