import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Cdp, NulSplitter, type CdpEvent } from './cdp.js';

/** A browser's end of the pipe: what the shell wrote, and a way to answer. */
function pipe() {
  const toBrowser = new PassThrough();
  const fromBrowser = new PassThrough();
  const written: Record<string, unknown>[] = [];
  const splitter = new NulSplitter();
  toBrowser.on('data', (chunk: Buffer) => {
    for (const text of splitter.push(chunk)) written.push(JSON.parse(text) as Record<string, unknown>);
  });
  const answer = (message: unknown) => fromBrowser.write(`${JSON.stringify(message)}\0`);
  return { cdp: new Cdp(toBrowser, fromBrowser), written, answer, fromBrowser };
}

describe('the DevTools pipe', () => {
  it('splits messages at each NUL, across chunks', () => {
    const splitter = new NulSplitter();
    expect(splitter.push(Buffer.from('{"a":1}\0{"b"'))).toEqual(['{"a":1}']);
    expect(splitter.push(Buffer.from(':2}'))).toEqual([]);
    expect(splitter.push(Buffer.from('\0\0'))).toEqual(['{"b":2}', '']);
  });

  it('answers each command by its id, with the session, and passes events on', async () => {
    const { cdp, written, answer } = pipe();
    const events: CdpEvent[] = [];
    cdp.on('event', (e) => events.push(e));
    const first = cdp.send('Target.getTargets');
    const second = cdp.send('Runtime.evaluate', { expression: '1' }, 'S1');
    await new Promise((r) => setImmediate(r));
    expect(written).toEqual([
      { id: 1, method: 'Target.getTargets', params: {} },
      { id: 2, method: 'Runtime.evaluate', params: { expression: '1' }, sessionId: 'S1' },
    ]);
    answer({ id: 2, result: { result: { value: 2 } } });
    answer({ method: 'Runtime.bindingCalled', params: { name: 'x' }, sessionId: 'S1' });
    answer({ id: 1, result: { targetInfos: [] } });
    expect(await first).toEqual({ targetInfos: [] });
    expect(await second).toEqual({ result: { value: 2 } });
    expect(events).toEqual([{ method: 'Runtime.bindingCalled', params: { name: 'x' }, sessionId: 'S1' }]);
  });

  it("rejects on the browser's error, on a timeout, and when the pipe closes", async () => {
    const { cdp, answer, fromBrowser } = pipe();
    const refused = cdp.send('Page.navigate', { url: 'x' });
    answer({ id: 1, error: { message: 'Cannot navigate to invalid URL' } });
    await expect(refused).rejects.toThrow('Cannot navigate to invalid URL');
    await expect(cdp.send('Runtime.evaluate', {}, undefined, 20)).rejects.toThrow('timed out');
    const pending = cdp.send('Browser.getVersion');
    fromBrowser.destroy();
    await expect(pending).rejects.toThrow('closed its debugging pipe');
    expect(cdp.isClosed).toBe(true);
    await expect(cdp.send('Browser.getVersion')).rejects.toThrow('gone');
  });
});
