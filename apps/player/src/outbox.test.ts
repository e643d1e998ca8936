import { describe, expect, it, vi } from 'vitest';
import {
  OutboxRejectedError,
  OutboxSendError,
  createOutbox,
  outboxSender,
  type OutboxOptions,
  type Outcome,
} from './outbox';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An outbox whose `next` answers the outcomes given, then 'empty'. */
function outbox(outcomes: Outcome[], options: Partial<OutboxOptions> = {}) {
  const next = vi.fn(async (): Promise<Outcome> => outcomes.shift() ?? 'empty');
  return { next, box: createOutbox({ flushIntervalMs: 60_000, events: null, next, ...options }) };
}

describe('the outbox retry schedule', () => {
  it('waits the minimum after a failure, doubles it up to the cap, and starts again after a success', async () => {
    const clock = 1_000_000;
    const { next, box } = outbox(['failed', 'failed', 'failed', 'failed', 'done', 'failed'], {
      retryMinMs: 20,
      retryMaxMs: 50,
      now: () => clock,
      random: () => 1,
    });
    expect(box.retryAt).toBeNull();
    for (const wait of [20, 40, 50, 50]) {
      await box.flush();
      expect(box.retryAt).toBe(clock + wait);
    }
    // A batch that goes resets the count; the next one to fail waits the minimum again.
    await box.flush();
    expect(next).toHaveBeenCalledTimes(6);
    expect(box.retryAt).toBe(clock + 20);
  });

  it('spreads each wait over half to all of it', async () => {
    const { box } = outbox(['failed', 'failed'], {
      retryMinMs: 1000,
      retryMaxMs: 60_000,
      now: () => 0,
      random: () => 0,
    });
    await box.flush();
    expect(box.retryAt).toBe(500);
    await box.flush();
    expect(box.retryAt).toBe(1000);
  });

  it('tries again by itself when the retry is due, only once started, and not after stop', async () => {
    const { next, box } = outbox(['failed', 'failed', 'done'], { retryMinMs: 5, retryMaxMs: 10 });
    await box.flush();
    await pause(30);
    // Not started: the failure is noted, nothing is scheduled.
    expect(next).toHaveBeenCalledTimes(1);

    box.start();
    await vi.waitFor(() => expect(next).toHaveBeenCalledTimes(4), { timeout: 2000, interval: 5 });
    expect(box.retryAt).toBeNull();

    next.mockResolvedValueOnce('failed');
    await box.flush();
    box.stop();
    await pause(30);
    expect(next).toHaveBeenCalledTimes(5);
    // Stopping forgets the timer, not the failures.
    expect(box.retryAt).not.toBeNull();
  });

  it('holds back a nudge while backing off or stopped; `online` starts the count again', async () => {
    let clock = 0;
    const events = new EventTarget();
    const { next, box } = outbox(['failed'], {
      events,
      retryMinMs: 1000,
      retryMaxMs: 1000,
      now: () => clock,
      random: () => 1,
    });
    box.nudge();
    expect(next).not.toHaveBeenCalled();
    box.start();
    await vi.waitFor(() => expect(box.retryAt).toBe(1000));
    box.nudge();
    expect(next).toHaveBeenCalledTimes(1);
    clock = 1000;
    box.nudge();
    expect(next).toHaveBeenCalledTimes(2);
    await pause(0);

    // Nothing went: the count goes on.
    next.mockResolvedValueOnce('failed');
    await box.flush();
    expect(box.retryAt).toBe(2000);
    events.dispatchEvent(new Event('online'));
    expect(box.retryAt).toBeNull();
    expect(next).toHaveBeenCalledTimes(4);
    await box.close();
    events.dispatchEvent(new Event('online'));
    expect(next).toHaveBeenCalledTimes(4);
  });

  it('runs one flush at a time: a call meanwhile joins it and makes it look once more', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const outcomes: Outcome[] = ['done', 'empty', 'done', 'empty'];
    const next = vi.fn(async (): Promise<Outcome> => {
      if (next.mock.calls.length === 1) await gate;
      return outcomes.shift() ?? 'empty';
    });
    const box = createOutbox({ flushIntervalMs: 60_000, events: null, next });
    const first = box.flush();
    const second = box.flush();
    expect(second).toBe(first);
    release();
    await first;
    expect(next).toHaveBeenCalledTimes(4);
  });

  it('asks `pending` before the flushes it starts by itself', async () => {
    const { next, box } = outbox([], { pending: () => false });
    box.start();
    await pause(10);
    expect(next).not.toHaveBeenCalled();
    await box.flush();
    expect(next).toHaveBeenCalledTimes(1);
    box.stop();
  });
});

class TestRejectedError extends OutboxRejectedError {
  override name = 'TestRejectedError';
}
class TestSendError extends OutboxSendError {
  override name = 'TestSendError';
}

describe('outboxSender', () => {
  const sender = outboxSender({
    path: '/api/player/test',
    body: (items: number[]) => ({ items }),
    answer: (answer) => {
      const { count } = answer as { count?: unknown };
      return typeof count === 'number' ? { count } : null;
    },
    invalid: 'The answer has no count',
    rejected: TestRejectedError,
    failed: TestSendError,
  });
  const reply = (status: number, body: unknown) =>
    vi.fn(
      async () =>
        new Response(typeof body === 'string' ? body : JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
    );

  it('posts the body as JSON with the device token and answers what it reads', async () => {
    const fetch = reply(200, { count: 2 });
    expect(await sender('http://screen.test//', () => 'vtd_token', { fetch })([1, 2])).toEqual({ count: 2 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://screen.test/api/player/test');
    expect(init).toMatchObject({ method: 'POST', cache: 'no-store', credentials: 'omit' });
    expect(init.headers).toEqual({ Authorization: 'Bearer vtd_token', 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init.body))).toEqual({ items: [1, 2] });
  });

  it('throws the queue errors: rejected on 400 and 413, failed with the status otherwise', async () => {
    for (const status of [400, 413]) {
      const error = await sender('', 'vtd_t', { fetch: reply(status, { message: 'Invalid data' }) })([
        1,
      ]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TestRejectedError);
      expect(error).toMatchObject({ name: 'TestRejectedError', message: 'Invalid data' });
    }
    await expect(sender('', 'vtd_t', { fetch: reply(503, 'down') })([1])).rejects.toMatchObject({
      name: 'TestSendError',
      status: 503,
      message: 'HTTP 503',
    });
    const onUnauthorized = vi.fn();
    await expect(
      sender('', 'vtd_old', { fetch: reply(401, { message: 'Unauthorized' }), onUnauthorized })([1]),
    ).rejects.toMatchObject({ name: 'TestSendError', status: 401, message: 'Unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledWith('vtd_old');
    const fetch = reply(200, { count: 1 });
    await expect(sender('', () => null, { fetch })([1])).rejects.toMatchObject({ status: 401 });
    expect(fetch).not.toHaveBeenCalled();
    await expect(sender('', 'vtd_t', { fetch: reply(200, { ok: true }) })([1])).rejects.toMatchObject({
      name: 'TestSendError',
      status: 200,
      message: 'The answer has no count',
    });
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(sender('', 'vtd_t', { fetch: offline })([1])).rejects.toBeInstanceOf(TypeError);
  });

  it('gives up on a server that does not answer in time', async () => {
    const fetch = vi.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
          );
        }),
    );
    await expect(
      sender('', 'vtd_t', { fetch: fetch as typeof globalThis.fetch, timeoutMs: 10 })([1]),
    ).rejects.toMatchObject({ name: 'TestSendError', status: 0, message: 'POST /api/player/test timed out' });
  });
});
