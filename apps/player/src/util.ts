/** Small helpers shared by the player's modules: cancellable waits and error text. */

export class AbortedError extends Error {
  constructor() {
    super('Aborted');
    this.name = 'AbortError';
  }
}

export function isAborted(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** Resolves after `ms`, or rejects with an AbortError as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new AbortedError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Waits for one of `ok` events on `target`; rejects on one of `fail`, after `timeoutMs`, or when `signal`
 * aborts. Every listener is removed whatever happens.
 */
export function waitForEvent(
  target: EventTarget,
  ok: readonly string[],
  fail: readonly string[],
  timeoutMs: number,
  signal?: AbortSignal,
  describe = 'event',
): Promise<Event> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new AbortedError());
      return;
    }
    const cleanup = () => {
      clearTimeout(timer);
      for (const name of ok) target.removeEventListener(name, onOk);
      for (const name of fail) target.removeEventListener(name, onFail);
      signal?.removeEventListener('abort', onAbort);
    };
    const onOk = (event: Event) => {
      cleanup();
      resolve(event);
    };
    const onFail = (event: Event) => {
      cleanup();
      reject(new Error(`${describe} failed (${event.type})`));
    };
    const onAbort = () => {
      cleanup();
      reject(new AbortedError());
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`${describe} timed out after ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
    for (const name of ok) target.addEventListener(name, onOk);
    for (const name of fail) target.addEventListener(name, onFail);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/**
 * What a native shell's method answered: JSON text parsed (an Android WebView bridge can only return
 * strings; text that is not JSON is null), anything else as it is.
 */
export function bridged(answer: unknown): unknown {
  if (typeof answer !== 'string') return answer;
  try {
    return JSON.parse(answer) as unknown;
  } catch {
    return null;
  }
}

/** Cuts `text` to at most `max` characters, marking the cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
