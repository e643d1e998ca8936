import { AUDIENCE_BATCH_MAX, type AudienceSample } from '@vitrine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AUDIENCE_POLL_MS,
  AudienceRejectedError,
  AudienceSendError,
  audienceSender,
  createAudienceQueue,
  nativeAudience,
  type AudienceQueueOptions,
} from './audience';
import { memoryStore } from './storage';

/** 2 March 2026, 00:00 UTC: the device clock of these tests. */
const NOW = Date.UTC(2026, 2, 2);
/** The hour starting `h` hours after 00:00 UTC on 1 March 2026. */
const hour = (h: number) => new Date(Date.UTC(2026, 2, 1, h)).toISOString();
const KEY = 'vitrine.player.audience.test';

/** A server that stores everything it is sent and remembers every batch. */
function server() {
  const batches: AudienceSample[][] = [];
  const send = vi.fn(async (samples: AudienceSample[]) => {
    batches.push(samples.map((s) => ({ ...s })));
    return { hours: samples.length, shows: 0 };
  });
  return { batches, send };
}

const offline = () =>
  vi.fn(async (): Promise<{ hours: number; shows: number }> => {
    throw new TypeError('Failed to fetch');
  });

function logs() {
  const warnings: string[] = [];
  return { warnings, log: { info: () => undefined, warn: (m: string) => warnings.push(m) } };
}

function queue(options: Partial<AudienceQueueOptions> & Pick<AudienceQueueOptions, 'send'>) {
  return createAudienceQueue({
    now: () => NOW,
    events: null,
    source: () => undefined,
    key: KEY,
    log: { info: () => undefined, warn: () => undefined },
    ...options,
  });
}

/** A promise settled from outside. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the audience queue', () => {
  it('keeps valid samples (the hour as a UTC date) and ignores the rest with one log line per call', async () => {
    const { warnings, log } = logs();
    const { send } = server();
    const q = queue({ send, log });
    const result = q.add([
      { hour: '2026-03-01T10:00:00+01:00', viewers: 12.5, extra: 'dropped' },
      { hour: hour(11), viewers: 0 },
      { hour: 'yesterday', viewers: 3 },
      { hour: '1999-12-31T23:00:00Z', viewers: 3 },
      // More than a day ahead of the device clock.
      { hour: new Date(NOW + 86_400_000 + 3_600_000).toISOString(), viewers: 3 },
      { hour: hour(12), viewers: -1 },
      { hour: hour(12), viewers: 1_000_001 },
      { hour: hour(12), viewers: Number.NaN },
      { hour: hour(12), viewers: '4' },
      { viewers: 4 },
      null,
      'x',
    ]);
    expect(result).toEqual({ added: 2, ignored: 10 });
    expect(q.pending()).toEqual([
      { hour: '2026-03-01T09:00:00.000Z', viewers: 12.5 },
      { hour: hour(11), viewers: 0 },
    ]);
    expect(warnings).toEqual([expect.stringMatching(/^audience: 10 of 12 samples ignored/)]);

    // Not a list at all: nothing taken, one line.
    expect(q.add({ hour: hour(1), viewers: 1 })).toEqual({ added: 0, ignored: 0 });
    expect(warnings[1]).toMatch(/not a list/);
    // A list as JSON text (what an Android WebView bridge can return) is a list.
    expect(q.add(JSON.stringify([{ hour: hour(2), viewers: 2 }]))).toEqual({ added: 1, ignored: 0 });
    expect(q.pending()).toHaveLength(3);
    await q.close();
  });

  it('polls the source and survives whatever it answers', async () => {
    const { warnings, log } = logs();
    const answers: unknown[] = [
      undefined,
      null,
      Promise.resolve([{ hour: hour(3), viewers: 3 }]),
      42,
      [{ hour: hour(4), viewers: 4 }, { hour: 'never' }],
    ];
    let i = 0;
    const source = () => {
      const answer = answers[i++];
      if (i === 6) throw new Error('sensor unplugged');
      return answer;
    };
    const q = queue({ send: server().send, source, log });
    expect(await q.poll()).toEqual({ added: 0, ignored: 0 });
    expect(await q.poll()).toEqual({ added: 0, ignored: 0 });
    expect(warnings).toEqual([]);
    expect(await q.poll()).toEqual({ added: 1, ignored: 0 });
    expect(await q.poll()).toEqual({ added: 0, ignored: 0 });
    expect(warnings).toEqual([expect.stringMatching(/number, not a list/)]);
    expect(await q.poll()).toEqual({ added: 1, ignored: 1 });
    expect(await q.poll()).toEqual({ added: 0, ignored: 0 });
    expect(warnings.slice(1)).toEqual([
      expect.stringMatching(/1 of 2 samples ignored/),
      expect.stringMatching(/audience\(\) failed .*sensor unplugged/),
    ]);
    expect(q.pending().map((s) => s.hour)).toEqual([hour(3), hour(4)]);
    await q.close();
  });

  it('replaces a pending sample by a later one of the same hour, which then goes last', async () => {
    const { batches, send } = server();
    const q = queue({ send });
    q.add([
      { hour: hour(10), viewers: 5 },
      { hour: hour(11), viewers: 6 },
    ]);
    // The same instant in another notation.
    q.add([{ hour: '2026-03-01T12:00:00+02:00', viewers: 8 }]);
    // Another instant of the same hour is another sample: the server keeps the later of the batch.
    q.add([{ hour: '2026-03-01T11:30:00Z', viewers: 9 }]);
    expect(q.pending()).toEqual([
      { hour: hour(11), viewers: 6 },
      { hour: hour(10), viewers: 8 },
      { hour: '2026-03-01T11:30:00.000Z', viewers: 9 },
    ]);
    await q.flush();
    expect(batches).toEqual([
      [
        { hour: hour(11), viewers: 6 },
        { hour: hour(10), viewers: 8 },
        { hour: '2026-03-01T11:30:00.000Z', viewers: 9 },
      ],
    ]);
    expect(q.pending()).toEqual([]);
    await q.close();
  });

  it('keeps pending samples in the store: a reload sends what the previous page measured', async () => {
    const store = memoryStore();
    const before = queue({ send: offline(), store });
    before.add([
      { hour: hour(8), viewers: 1 },
      { hour: hour(9), viewers: 2 },
    ]);
    await before.flush();
    expect(before.pending()).toHaveLength(2);
    await before.close();
    expect(JSON.parse(store.get(KEY)!)).toEqual([
      { hour: hour(8), viewers: 1 },
      { hour: hour(9), viewers: 2 },
    ]);

    // Another pairing has its own key: nothing of this one.
    expect(queue({ send: offline(), store, key: `${KEY}.other` }).pending()).toEqual([]);

    const { batches, send } = server();
    const after = queue({ send, store });
    expect(after.pending()).toEqual([
      { hour: hour(8), viewers: 1 },
      { hour: hour(9), viewers: 2 },
    ]);
    after.start();
    await vi.waitFor(() => expect(batches).toHaveLength(1), { timeout: 2000, interval: 10 });
    await after.close();
    expect(after.pending()).toEqual([]);
    expect(store.get(KEY)).toBeNull();
  });

  it('drops a saved list it cannot read, and saved samples no longer valid', () => {
    const { warnings, log } = logs();
    const store = memoryStore();
    store.set(KEY, '{not json');
    expect(queue({ send: offline(), store, log }).pending()).toEqual([]);
    expect(store.get(KEY)).toBeNull();
    store.set(KEY, JSON.stringify([{ hour: hour(1), viewers: 1 }, { hour: hour(2) }]));
    expect(queue({ send: offline(), store, log }).pending()).toEqual([{ hour: hour(1), viewers: 1 }]);
    expect(JSON.parse(store.get(KEY)!)).toEqual([{ hour: hour(1), viewers: 1 }]);
    expect(warnings).toEqual([
      expect.stringMatching(/could not be read; dropped/),
      expect.stringMatching(/1 saved samples no longer valid; dropped/),
    ]);
  });

  it('forgets sent samples only once the server answered 200', async () => {
    const store = memoryStore();
    const answer = deferred<{ hours: number; shows: number }>();
    const send = vi.fn(() => answer.promise);
    const q = queue({ send, store });
    q.add([
      { hour: hour(1), viewers: 1 },
      { hour: hour(2), viewers: 2 },
    ]);
    const flushing = q.flush();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    // In flight: still pending, still stored.
    expect(q.pending()).toHaveLength(2);
    expect(JSON.parse(store.get(KEY)!)).toHaveLength(2);
    answer.resolve({ hours: 2, shows: 0 });
    await flushing;
    expect(q.pending()).toEqual([]);
    expect(store.get(KEY)).toBeNull();
    expect(q.retryAt).toBeNull();
    await q.close();
  });

  it('keeps a sample replaced while its batch was in flight: the new value goes next', async () => {
    const first = deferred<{ hours: number; shows: number }>();
    const sent: AudienceSample[][] = [];
    let calls = 0;
    const send = vi.fn(async (samples: AudienceSample[]) => {
      sent.push(samples.map((s) => ({ ...s })));
      calls += 1;
      if (calls === 1) return first.promise;
      throw new AudienceSendError(503, 'Service unavailable');
    });
    const q = queue({ send });
    q.add([
      { hour: hour(1), viewers: 1 },
      { hour: hour(2), viewers: 2 },
    ]);
    const flushing = q.flush();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    q.add([{ hour: hour(2), viewers: 20 }]);
    first.resolve({ hours: 2, shows: 0 });
    await flushing;
    // Hour 1 is done; hour 2's new value was sent next (and failed): it is kept, not forgotten with the ack.
    expect(q.pending()).toEqual([{ hour: hour(2), viewers: 20 }]);
    expect(sent).toEqual([
      [
        { hour: hour(1), viewers: 1 },
        { hour: hour(2), viewers: 2 },
      ],
      [{ hour: hour(2), viewers: 20 }],
    ]);
    await q.close();
  });

  it('keeps a batch whose send failed (503, offline) and sends it again when the retry is due', async () => {
    const failures = [new AudienceSendError(503, 'Service unavailable'), new TypeError('Failed to fetch')];
    const delivered: AudienceSample[] = [];
    const send = vi.fn(async (samples: AudienceSample[]) => {
      const failure = failures.shift();
      if (failure) throw failure;
      delivered.push(...samples);
      return { hours: samples.length, shows: 1 };
    });
    const q = queue({ send, retryMinMs: 5, retryMaxMs: 10 });
    q.add([{ hour: hour(5), viewers: 5 }]);
    // The first send fails, and so does the first retry (the backoff itself is tested in outbox.test.ts).
    q.start();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2), { timeout: 2000, interval: 5 });
    expect(q.pending()).toHaveLength(1);
    await vi.waitFor(() => expect(q.pending()).toEqual([]), { timeout: 2000, interval: 10 });
    expect(send).toHaveBeenCalledTimes(3);
    expect(delivered).toEqual([{ hour: hour(5), viewers: 5 }]);
    expect(q.retryAt).toBeNull();
    await q.close();
  });

  it('drops a batch the server refuses (400) with a log line', async () => {
    const { warnings, log } = logs();
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 'VALIDATION_ERROR', message: 'hour is more than a day ahead' }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const store = memoryStore();
    const q = queue({ send: audienceSender('', 'vtd_t', { fetch }), store, log });
    q.add([
      { hour: hour(1), viewers: 1 },
      { hour: hour(2), viewers: 2 },
    ]);
    await q.flush();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(q.pending()).toEqual([]);
    expect(store.get(KEY)).toBeNull();
    expect(q.retryAt).toBeNull();
    expect(warnings).toEqual([
      expect.stringMatching(/refused 2 hours \(hour is more than a day ahead\); dropped/),
    ]);
    await q.close();
  });

  it('caps what it keeps: the earliest hours go first, with a log line', async () => {
    const { warnings, log } = logs();
    const { batches, send } = server();
    const q = queue({ send, maxStored: 3, log });
    q.add([10, 3, 12, 1].map((h) => ({ hour: hour(h), viewers: h })));
    q.add([{ hour: hour(11), viewers: 11 }]);
    expect(warnings).toEqual([
      expect.stringMatching(/3 hours waiting already; the 1 oldest dropped/),
      expect.stringMatching(/3 hours waiting already; the 1 oldest dropped/),
    ]);
    await q.flush();
    expect(batches.flat().map((s) => s.viewers)).toEqual([10, 12, 11]);
    await q.close();
  });

  it(`sends at most ${AUDIENCE_BATCH_MAX} hours a call`, async () => {
    const { batches, send } = server();
    const q = queue({ send, now: () => Date.UTC(2026, 5, 1) });
    const samples = Array.from({ length: 1000 }, (_, h) => ({ hour: hour(h), viewers: h }));
    expect(q.add(samples)).toEqual({ added: 1000, ignored: 0 });
    await q.flush();
    expect(batches.map((b) => b.length)).toEqual([AUDIENCE_BATCH_MAX, 1000 - AUDIENCE_BATCH_MAX]);
    expect(batches.flat().map((s) => s.viewers)).toEqual(samples.map((s) => s.viewers));
    expect(q.pending()).toEqual([]);
    await q.close();
  });

  it('never has a batch in flight twice when flush is called concurrently', async () => {
    let inFlight = 0;
    let most = 0;
    const send = vi.fn(async (samples: AudienceSample[]) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 10));
      inFlight -= 1;
      return { hours: samples.length, shows: 0 };
    });
    const q = queue({ send, batchSize: 2 });
    q.add([1, 2, 3, 4, 5].map((h) => ({ hour: hour(h), viewers: h })));
    const flushes = [q.flush(), q.flush()];
    q.add([{ hour: hour(6), viewers: 6 }]);
    flushes.push(q.flush());
    await Promise.all(flushes);
    expect(most).toBe(1);
    expect(send.mock.calls.flatMap(([batch]) => batch.map((s) => s.viewers)).sort()).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
    expect(q.pending()).toEqual([]);
    await q.close();
  });

  it('started: polls at once and every poll interval, and sends what a poll added', async () => {
    vi.useFakeTimers();
    try {
      const { batches, send } = server();
      let h = 0;
      const source = vi.fn(() => [{ hour: hour(h++), viewers: 1 }]);
      const q = queue({ send, source });
      q.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(source).toHaveBeenCalledTimes(1);
      expect(batches).toEqual([[{ hour: hour(0), viewers: 1 }]]);
      await vi.advanceTimersByTimeAsync(AUDIENCE_POLL_MS);
      expect(source).toHaveBeenCalledTimes(2);
      expect(batches).toHaveLength(2);
      q.stop();
      await vi.advanceTimersByTimeAsync(AUDIENCE_POLL_MS * 3);
      expect(source).toHaveBeenCalledTimes(2);
      await q.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('flushes at once when the browser comes back online', async () => {
    const events = new EventTarget();
    let online = false;
    const send = vi.fn(async (samples: AudienceSample[]) => {
      if (!online) throw new TypeError('Failed to fetch');
      return { hours: samples.length, shows: 0 };
    });
    const q = queue({ send, events, flushIntervalMs: 60_000, retryMinMs: 60_000 });
    q.add([{ hour: hour(1), viewers: 1 }]);
    q.start();
    await vi.waitFor(() => expect(q.retryAt).not.toBeNull(), { timeout: 2000, interval: 10 });
    online = true;
    events.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(q.pending()).toEqual([]), { timeout: 2000, interval: 10 });
    await q.close();
  });
});

describe('nativeAudience', () => {
  const global = globalThis as { vitrineNative?: VitrineNative };
  afterEach(() => {
    delete global.vitrineNative;
  });

  it("asks the shell's audience() as a method, and nothing when there is none", () => {
    expect(nativeAudience()).toBeUndefined();
    global.vitrineNative = { reboot: () => undefined };
    expect(nativeAudience()).toBeUndefined();
    const shell = {
      samples: [{ hour: hour(1), viewers: 3 }],
      audience() {
        return this.samples;
      },
    };
    global.vitrineNative = shell;
    expect(nativeAudience()).toEqual([{ hour: hour(1), viewers: 3 }]);
  });
});

describe('audienceSender', () => {
  const samples = [{ hour: hour(1), viewers: 3 }];
  const reply = (status: number, body: unknown) =>
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );

  it('posts the hours with the device token and answers the counts', async () => {
    const fetch = reply(200, { hours: 1, shows: 4 });
    const send = audienceSender('http://screen.test/', () => 'vtd_token', { fetch });
    expect(await send(samples)).toEqual({ hours: 1, shows: 4 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://screen.test/api/player/audience');
    expect(init).toMatchObject({ method: 'POST', cache: 'no-store', credentials: 'omit' });
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer vtd_token');
    expect(JSON.parse(String(init.body))).toEqual({ hours: samples });
  });

  it('tells a refused batch from a failed send', async () => {
    await expect(
      audienceSender('', 'vtd_t', { fetch: reply(400, { message: 'Invalid data' }) })(samples),
    ).rejects.toBeInstanceOf(AudienceRejectedError);
    for (const status of [429, 503]) {
      await expect(audienceSender('', 'vtd_t', { fetch: reply(status, {}) })(samples)).rejects.toMatchObject({
        name: 'AudienceSendError',
        status,
      });
    }
    const onUnauthorized = vi.fn();
    await expect(
      audienceSender('', 'vtd_old', { fetch: reply(401, { message: 'Unauthorized' }), onUnauthorized })(
        samples,
      ),
    ).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledWith('vtd_old');
    await expect(audienceSender('', () => null, { fetch: reply(200, {}) })(samples)).rejects.toMatchObject({
      status: 401,
    });
    await expect(
      audienceSender('', 'vtd_t', { fetch: reply(200, { ok: true }) })(samples),
    ).rejects.toBeInstanceOf(AudienceSendError);
  });
});
