/**
 * Lets the event loop serve what waits (other requests, sockets, timers) before a long synchronous batch
 * goes on: awaited between chunks of work over thousands of screens.
 */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
