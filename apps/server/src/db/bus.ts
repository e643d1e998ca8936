import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client.js';

/**
 * The cross-process bus: PostgreSQL NOTIFY to publish, LISTEN to subscribe, so that what one server
 * process does reaches the others on the same database (spec: nothing in a process is the only copy of
 * state that matters). Every NOTIFY and LISTEN of the server is here; the channels too.
 */
export const CHANNELS = {
  /** Commands for screens: whichever process holds a screen's socket sends them (modules/point/fleet.ts). */
  fleet: 'vitrine_fleet',
  /**
   * Screens whose device token stopped working (removed, or the token changed): the database announces
   * them itself, from triggers on `points` (migration 0038), and each process forgets them
   * (modules/point/device-tokens.ts).
   */
  devices: 'vitrine_devices',
} as const;
export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

/** NOTIFY refuses payloads of 8000 bytes or more: publishers chunk below this. */
export const PAYLOAD_LIMIT = 8000;

export interface Bus {
  /** NOTIFY: every subscriber of the channel, on any process (this one included), gets the payload. */
  publish(channel: Channel, payload: string): Promise<void>;
  /**
   * LISTEN: `onMessage` gets every payload published on the channel. On PostgreSQL a dedicated connection
   * listens and comes back by itself after a failure; `onLive(false)` says it was lost (what was published
   * meanwhile is not delivered) and `onLive(true)` that it listens again. Answers unsubscribe.
   */
  subscribe(
    channel: Channel,
    onMessage: (payload: string) => void,
    onLive?: (live: boolean) => void,
  ): Promise<() => Promise<void>>;
  /** Ends every subscription (the database is closing). */
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;
function checked(channel: string): string {
  if (!CHANNEL.test(channel)) throw new Error(`bad channel name: ${channel}`);
  return channel;
}

const publishOn = (db: Database) => async (channel: Channel, payload: string) => {
  await db.execute(sql`select pg_notify(${checked(channel)}, ${payload})`);
};

/** A LISTEN connection to PostgreSQL that reconnects with backoff when it drops. */
function pgListener(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onLive: (live: boolean) => void = () => undefined,
) {
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = 250;
  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', () => {
      if (client === next) {
        client = null;
        if (!stopped) onLive(false);
      }
      void next.end().catch(() => undefined);
      setTimeout(() => void connect(), delay).unref();
      delay = Math.min(delay * 2, 10_000);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      client = next;
      delay = 250;
      onLive(true);
    } catch {
      void next.end().catch(() => undefined);
      setTimeout(() => void connect(), delay).unref();
      delay = Math.min(delay * 2, 10_000);
    }
  };
  return {
    ready: connect(),
    async stop() {
      stopped = true;
      await client?.end().catch(() => undefined);
    },
  };
}

/** The bus on PostgreSQL: NOTIFY through the pool, one LISTEN connection per subscription. */
export function pgBus(url: string, db: Database): Bus {
  const listeners = new Set<{ stop(): Promise<void> }>();
  return {
    publish: publishOn(db),
    async subscribe(channel, onMessage, onLive) {
      const listener = pgListener(url, checked(channel), onMessage, onLive);
      listeners.add(listener);
      await listener.ready;
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((l) => l.stop()));
    },
  };
}

/** The bus on PGlite: one process, its single connection listens. */
export function pgliteBus(client: PGlite, db: Database): Bus {
  return {
    publish: publishOn(db),
    subscribe: async (channel, onMessage, onLive) => {
      const unlisten = await client.listen(checked(channel), onMessage);
      onLive?.(true);
      return unlisten;
    },
    close: async () => undefined,
  };
}
