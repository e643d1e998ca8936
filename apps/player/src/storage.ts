/**
 * localStorage and sessionStorage that never throw: a kiosk browser with storage disabled or full keeps
 * working from memory (it then pairs again after a reload, which is the best it can do).
 */

export interface KeyValue {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export const KEYS = {
  deviceKey: 'vitrine.player.deviceKey',
  token: 'vitrine.player.token',
  manifest: 'vitrine.player.manifest',
  commands: 'vitrine.player.commands',
  /** Measured audience waiting for the server; the session adds `.<end of the device token>` (one per pairing). */
  audience: 'vitrine.player.audience',
} as const;

export function memoryStore(): KeyValue {
  const map = new Map<string, string>();
  return {
    get: (key) => map.get(key) ?? null,
    set: (key, value) => void map.set(key, value),
    remove: (key) => void map.delete(key),
  };
}

export function browserStore(kind: 'local' | 'session'): KeyValue {
  let storage: Storage | null = null;
  try {
    storage = kind === 'local' ? window.localStorage : window.sessionStorage;
    const probe = '__vitrine_probe__';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
  } catch {
    storage = null;
  }
  const memory = memoryStore();
  if (!storage) return memory;
  const real = storage;
  return {
    get(key) {
      try {
        return real.getItem(key) ?? memory.get(key);
      } catch {
        return memory.get(key);
      }
    },
    set(key, value) {
      memory.set(key, value);
      try {
        real.setItem(key, value);
      } catch {
        // Full or refused: the memory copy serves this page's life.
      }
    },
    remove(key) {
      memory.remove(key);
      try {
        real.removeItem(key);
      } catch {
        // Nothing to do.
      }
    },
  };
}

/** 32 random bytes as hex: the key this browser pairs with (the server keeps only its hash). */
export function newDeviceKey(random: (bytes: Uint8Array) => void = (b) => crypto.getRandomValues(b)): string {
  const bytes = new Uint8Array(32);
  random(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function deviceKeyOf(store: KeyValue): string {
  const existing = store.get(KEYS.deviceKey);
  if (existing && /^[0-9a-f]{64}$/.test(existing)) return existing;
  const key = newDeviceKey();
  store.set(KEYS.deviceKey, key);
  return key;
}
