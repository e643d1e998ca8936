import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import {
  ProofRejectedError,
  ProofSendError,
  createProofQueue,
  httpSender,
  newEventId,
  type NewProofEvent,
  type ProofEvent,
  type ProofQueueOptions,
} from './proof';

/** A show starting `minute` minutes after 10:00 on 1 March 2026. */
const show = (minute: number, fileId = 1): NewProofEvent => {
  const start = Date.UTC(2026, 2, 1, 10, minute);
  return {
    fileId,
    playlistId: 7,
    startedAt: new Date(start).toISOString(),
    endedAt: new Date(start + 10_000).toISOString(),
    duration: 10,
  };
};

/** A server that acks everything it is sent and remembers every batch. */
function server() {
  const batches: ProofEvent[][] = [];
  const send = vi.fn(async (events: ProofEvent[]) => {
    batches.push(events);
    return { acked: events.map((e) => e.eventId) };
  });
  return { batches, send };
}

const quiet = { info: () => undefined, warn: () => undefined };

function queue(options: Partial<ProofQueueOptions> & Pick<ProofQueueOptions, 'send'>) {
  return createProofQueue({ indexedDB: new IDBFactory(), events: null, log: quiet, ...options });
}

describe('the proof-of-play queue', () => {
  it('keeps each event with a new id, durably, until it is acked; deletes exactly the acked ones', async () => {
    const factory = new IDBFactory();
    let ackOnly: string[] = [];
    const send = vi.fn(async (events: ProofEvent[]) => ({
      // Plus an id that was never sent: it must not delete anything.
      acked: [...events.map((e) => e.eventId).filter((id) => ackOnly.includes(id)), 'not-in-the-batch'],
    }));
    const q = queue({ send, indexedDB: factory });
    const recorded: ProofEvent[] = [];
    for (let i = 0; i < 5; i += 1) recorded.push(await q.record(show(i)));
    expect(new Set(recorded.map((e) => e.eventId)).size).toBe(5);
    expect(recorded[0]!.eventId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await q.size()).toBe(5);

    ackOnly = [recorded[1]!.eventId, recorded[3]!.eventId];
    await q.flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(await q.size()).toBe(3);
    // A partial ack is a failure: the rest waits for the retry, it is not resent in a tight loop.
    expect(q.retryAt).not.toBeNull();

    ackOnly = recorded.map((e) => e.eventId);
    await q.flush();
    expect(send.mock.calls[1]![0].map((e) => e.eventId)).toEqual(
      [recorded[0], recorded[2], recorded[4]].map((e) => e!.eventId),
    );
    expect(await q.size()).toBe(0);
    expect(q.retryAt).toBeNull();
    await q.close();
  });

  it('keeps a batch whose send failed and sends it again when the retry is due', async () => {
    let down = 2;
    const delivered: string[] = [];
    const send = vi.fn(async (events: ProofEvent[]) => {
      if (down-- > 0) throw new ProofSendError(503, 'Service unavailable');
      delivered.push(...events.map((e) => e.eventId));
      return { acked: events.map((e) => e.eventId) };
    });
    const q = queue({ send, retryMinMs: 5, retryMaxMs: 10 });
    const a = await q.record(show(1));
    const b = await q.record(show(2));
    // The first send fails, and so does the first retry (the backoff itself is tested in outbox.test.ts).
    q.start();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2), { timeout: 2000, interval: 5 });
    expect(await q.size()).toBe(2);
    await vi.waitFor(async () => expect(await q.size()).toBe(0), { timeout: 2000, interval: 10 });
    expect(send).toHaveBeenCalledTimes(3);
    expect(delivered.sort()).toEqual([a.eventId, b.eventId].sort());
    expect(q.retryAt).toBeNull();
    await q.close();
  });

  it('sends what a previous page left in IndexedDB (a reload), with the same ids', async () => {
    const factory = new IDBFactory();
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const before = queue({ send: offline, indexedDB: factory });
    const recorded = [
      await before.record(show(1)),
      await before.record(show(2)),
      await before.record(show(3)),
    ];
    await before.flush();
    await before.close();

    const { batches, send } = server();
    const after = queue({ send, indexedDB: factory });
    expect(await after.size()).toBe(3);
    after.start();
    await vi.waitFor(() => expect(batches).toHaveLength(1), { timeout: 2000, interval: 10 });
    expect(batches[0]).toEqual(recorded);
    await vi.waitFor(async () => expect(await after.size()).toBe(0));
    await after.close();

    // And nothing is sent twice by a third page.
    const third = queue({ send, indexedDB: factory });
    await third.flush();
    expect(batches).toHaveLength(1);
    await third.close();
  });

  it("keeps an SSP ad show's adId through storage and a reload, so the server can bill it", async () => {
    const factory = new IDBFactory();
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const before = queue({ send: offline, indexedDB: factory });
    const ad = await before.record({ ...show(1, 50), adId: 7 });
    const plain = await before.record(show(2));
    expect(ad.adId).toBe(7);
    expect(plain).not.toHaveProperty('adId');
    await before.close();
    const { batches, send } = server();
    const after = queue({ send, indexedDB: factory });
    await after.flush();
    expect(batches).toEqual([[ad, plain]]);
    expect(batches[0]![0]).toMatchObject({ fileId: 50, adId: 7 });
    await after.close();
  });

  it('never has a batch in flight twice when flush is called concurrently', async () => {
    let inFlight = 0;
    let most = 0;
    const sent: string[] = [];
    const send = vi.fn(async (events: ProofEvent[]) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 15));
      sent.push(...events.map((e) => e.eventId));
      inFlight -= 1;
      return { acked: events.map((e) => e.eventId) };
    });
    const q = queue({ send, batchSize: 4 });
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) ids.push((await q.record(show(i))).eventId);
    const flushes = [q.flush(), q.flush(), q.flush()];
    // Recorded while a flush runs: the running flush picks it up.
    ids.push((await q.record(show(30))).eventId);
    flushes.push(q.flush());
    await Promise.all(flushes);
    expect(most).toBe(1);
    expect(sent).toHaveLength(ids.length);
    expect(new Set(sent)).toEqual(new Set(ids));
    expect(await q.size()).toBe(0);
    await q.close();
  });

  it('sends in startedAt order, oldest batch first', async () => {
    const { batches, send } = server();
    const q = queue({ send, batchSize: 3 });
    const minutes = [7, 2, 9, 0, 5, 1, 8, 3, 6, 4];
    for (const m of minutes) await q.record(show(m));
    // Another time zone in the input still sorts by the instant.
    await q.record({
      ...show(0),
      startedAt: '2026-03-01T11:59:00+02:00',
      endedAt: '2026-03-01T12:00:00+02:00',
    });
    await q.flush();
    expect(batches.map((b) => b.length)).toEqual([3, 3, 3, 2]);
    const starts = batches.flat().map((e) => e.startedAt);
    expect(starts).toEqual([...starts].sort());
    expect(starts[0]).toBe('2026-03-01T09:59:00.000Z');
    await q.close();
  });

  it('caps storage: the oldest events go first, with a log line', async () => {
    const warnings: string[] = [];
    const { batches, send } = server();
    const q = queue({ send, maxStored: 5, log: { info: () => undefined, warn: (m) => warnings.push(m) } });
    for (const m of [10, 3, 12, 1, 11, 2, 13, 14]) await q.record(show(m));
    expect(await q.size()).toBe(5);
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(/5 events stored already; the 1 oldest dropped/);
    await q.flush();
    expect(batches.flat().map((e) => new Date(e.startedAt).getUTCMinutes())).toEqual([10, 11, 12, 13, 14]);
    await q.close();
  });

  it('drops only the event the server refuses, after halving the batch to find it', async () => {
    const warnings: string[] = [];
    const stored: string[] = [];
    const send = vi.fn(async (events: ProofEvent[]) => {
      if (events.some((e) => e.fileId === 666)) throw new ProofRejectedError('Invalid data');
      stored.push(...events.map((e) => e.eventId));
      return { acked: events.map((e) => e.eventId) };
    });
    const q = queue({ send, log: { info: () => undefined, warn: (m) => warnings.push(m) } });
    for (let i = 0; i < 9; i += 1) await q.record(show(i, i === 5 ? 666 : 1));
    await q.flush();
    expect(stored).toHaveLength(8);
    expect(await q.size()).toBe(0);
    expect(warnings).toEqual([expect.stringMatching(/refused event .* \(Invalid data\); dropped/)]);
    expect(send.mock.calls.length).toBeLessThan(10);
    await q.close();
  });

  it('refuses events the server would refuse, storing nothing', async () => {
    const { send } = server();
    const q = queue({ send });
    await expect(q.record({ ...show(1), endedAt: '2026-03-01T09:00:00Z' })).rejects.toThrow(/endedAt/);
    await expect(q.record({ ...show(1), duration: -1 })).rejects.toThrow(/duration/);
    await expect(q.record({ ...show(1), fileId: 0 })).rejects.toThrow(/fileId/);
    await expect(q.record({ ...show(1), startedAt: 'soon' })).rejects.toThrow(/dates/);
    await expect(
      q.record({ ...show(1), startedAt: '1970-01-01T00:00:00Z', endedAt: '1970-01-01T00:00:10Z' }),
    ).rejects.toThrow(/clock/);
    expect(await q.size()).toBe(0);
    await q.close();
  });

  it('works from memory where there is no IndexedDB, and flushes a full batch at once when started', async () => {
    const warnings: string[] = [];
    const { batches, send } = server();
    const q = createProofQueue({
      send,
      indexedDB: null,
      events: null,
      batchSize: 2,
      flushIntervalMs: 60_000,
      log: { info: () => undefined, warn: (m) => warnings.push(m) },
    });
    q.start();
    await q.record(show(1));
    await q.record(show(2));
    await vi.waitFor(() => expect(batches).toHaveLength(1), { timeout: 2000, interval: 10 });
    expect(warnings[0]).toMatch(/no IndexedDB/);
    await q.close();
  });

  it('flushes at once when the browser comes back online', async () => {
    const events = new EventTarget();
    let online = false;
    const send = vi.fn(async (batch: ProofEvent[]) => {
      if (!online) throw new TypeError('Failed to fetch');
      return { acked: batch.map((e) => e.eventId) };
    });
    const q = queue({ send, events, flushIntervalMs: 60_000, retryMinMs: 60_000 });
    await q.record(show(1));
    q.start();
    await vi.waitFor(() => expect(q.retryAt).not.toBeNull(), { timeout: 2000, interval: 10 });
    online = true;
    events.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await q.size()).toBe(0), { timeout: 2000, interval: 10 });
    await q.close();
  });
});

describe('event ids', () => {
  it('are v4 UUIDs even without crypto.randomUUID (plain http on a LAN)', () => {
    const original = globalThis.crypto.randomUUID;
    try {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
      const ids = Array.from({ length: 50 }, () => newEventId());
      for (const id of ids)
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(new Set(ids).size).toBe(50);
    } finally {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});

describe('httpSender', () => {
  const events = [{ eventId: 'abcdefgh-1', ...show(1) }];
  const reply = (status: number, body: unknown) =>
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );

  it('posts the batch with the device token and answers the acked ids', async () => {
    const fetch = reply(200, { acked: ['abcdefgh-1'] });
    const send = httpSender('http://screen.test/', () => 'vtd_token', { fetch });
    expect(await send(events)).toEqual({ acked: ['abcdefgh-1'] });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://screen.test/api/player/playback');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer vtd_token');
    expect(JSON.parse(String(init.body))).toEqual({ events });
  });

  it('tells a refused batch from a failed send', async () => {
    await expect(
      httpSender('', 'vtd_t', { fetch: reply(400, { message: 'Invalid data' }) })(events),
    ).rejects.toBeInstanceOf(ProofRejectedError);
    await expect(httpSender('', 'vtd_t', { fetch: reply(503, {}) })(events)).rejects.toMatchObject({
      name: 'ProofSendError',
      status: 503,
    });
    const onUnauthorized = vi.fn();
    await expect(
      httpSender('', 'vtd_old', { fetch: reply(401, { message: 'Unauthorized' }), onUnauthorized })(events),
    ).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledWith('vtd_old');
    await expect(httpSender('', () => null, { fetch: reply(200, {}) })(events)).rejects.toMatchObject({
      status: 401,
    });
    await expect(httpSender('', 'vtd_t', { fetch: reply(200, { ok: true }) })(events)).rejects.toBeInstanceOf(
      ProofSendError,
    );
  });
});
