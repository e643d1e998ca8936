import { describe, expect, it, vi } from 'vitest';
import {
  KEEPALIVE_BYTES,
  LOG_MESSAGE_MAX,
  LogBuffer,
  LogShipper,
  RejectedBatchError,
  type LogEntry,
} from './log';

const at = new Date('2026-03-01T10:00:00.000Z');

describe('LogBuffer', () => {
  it('keeps at most the limit, dropping the oldest, and says how many went', () => {
    const buffer = new LogBuffer(1000, () => at);
    for (let i = 0; i < 1005; i += 1) buffer.add('info', `line ${i}`);
    expect(buffer.size).toBe(1000);
    const batch = buffer.take(200);
    expect(batch).toHaveLength(200);
    // Five lines went, and a sixth makes room for the note saying so.
    expect(batch[0]).toEqual({
      at: at.toISOString(),
      level: 'warn',
      message: expect.stringMatching(/^6 older/),
    });
    expect(batch[1]!.message).toBe('line 6');
    expect(buffer.size).toBe(800);
  });

  it('cuts long messages to 2000 characters', () => {
    const buffer = new LogBuffer();
    buffer.add('error', 'x'.repeat(5000));
    const [entry] = buffer.take();
    expect(entry!.message).toHaveLength(LOG_MESSAGE_MAX);
    expect(entry!.message.endsWith('…')).toBe(true);
  });

  it('takes batches of at most 200 and within a byte budget', () => {
    const buffer = new LogBuffer();
    for (let i = 0; i < 300; i += 1) buffer.add('debug', 'y'.repeat(1000));
    const small = buffer.take(200, KEEPALIVE_BYTES);
    const bytes = JSON.stringify({ entries: small }).length;
    expect(small.length).toBeGreaterThan(10);
    expect(small.length).toBeLessThan(200);
    expect(bytes).toBeLessThanOrEqual(KEEPALIVE_BYTES);
    expect(buffer.take(200)).toHaveLength(200);
  });

  it('puts a failed batch back in front, still within the limit', () => {
    const buffer = new LogBuffer(5, () => at);
    for (let i = 0; i < 4; i += 1) buffer.add('info', `a${i}`);
    const batch = buffer.take(3);
    buffer.add('info', 'b0');
    buffer.add('info', 'b1');
    buffer.giveBack(batch);
    expect(buffer.size).toBe(5);
    const all = buffer.take(10).map((e) => e.message);
    expect(all[0]).toMatch(/^2 older/);
    expect(all.slice(1)).toEqual(['a2', 'a3', 'b0', 'b1']);
  });
});

describe('LogShipper', () => {
  function filled(n: number) {
    const buffer = new LogBuffer();
    for (let i = 0; i < n; i += 1) buffer.add('info', `line ${i}`);
    return buffer;
  }

  it('sends everything in batches of 200', async () => {
    const buffer = filled(450);
    const sizes: number[] = [];
    const shipper = new LogShipper(
      buffer,
      async (entries) => void sizes.push(entries.length),
      () => true,
    );
    await shipper.flush();
    expect(sizes).toEqual([200, 200, 50]);
    expect(buffer.size).toBe(0);
  });

  it('keeps a batch the network lost, drops one the server refused', async () => {
    const buffer = filled(10);
    const lost = new LogShipper(
      buffer,
      () => Promise.reject(new Error('offline')),
      () => true,
    );
    await lost.flush();
    expect(buffer.size).toBe(10);
    const refused = new LogShipper(
      buffer,
      () => Promise.reject(new RejectedBatchError('bad')),
      () => true,
    );
    await refused.flush();
    expect(buffer.size).toBe(0);
  });

  it('sends nothing before the screen is paired', async () => {
    const buffer = filled(3);
    const send = vi.fn(async (_entries: LogEntry[]) => {});
    const shipper = new LogShipper(buffer, send, () => false);
    await shipper.flush();
    shipper.flushOnHide();
    expect(send).not.toHaveBeenCalled();
    expect(buffer.size).toBe(3);
  });

  it('on pagehide sends one keepalive batch small enough for the browser', () => {
    const buffer = new LogBuffer();
    for (let i = 0; i < 200; i += 1) buffer.add('info', 'z'.repeat(1500));
    const send = vi.fn(async (_entries: LogEntry[], _keepalive: boolean) => {});
    new LogShipper(buffer, send, () => true).flushOnHide();
    expect(send).toHaveBeenCalledTimes(1);
    const [entries, keepalive] = send.mock.calls[0]!;
    expect(keepalive).toBe(true);
    expect(JSON.stringify({ entries }).length).toBeLessThanOrEqual(KEEPALIVE_BYTES);
  });
});
