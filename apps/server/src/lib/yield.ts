/**
 * Lets the event loop serve what waits (other requests, sockets, timers) before a long synchronous batch
 * goes on: awaited between chunks of work over thousands of screens.
 */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** How long a loop's synchronous work runs before the event loop gets a turn. */
const SLICE_MS = 8;

/**
 * A pause point for a loop over many screens, awaited at each step: the event loop gets a turn once
 * `sliceMs` of work went by since the last one, whatever a step costs. Counting steps did not hold:
 * a screen reached by hundreds of playlists costs milliseconds where a plain one costs microseconds, so
 * a fixed count was either far too many turns or a stretch of 40 ms that held requests up.
 */
export function slicer(sliceMs = SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await yieldToLoop();
    since = performance.now();
  };
}
