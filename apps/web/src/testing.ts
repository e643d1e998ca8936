/** What the web's unit tests share. */
import { act } from 'react';
import { vi } from 'vitest';

/**
 * Waits until `check` holds: the state, never a fixed time. Each try first lets React finish what is
 * pending (an empty act), since updates queued inside one act scope land only when it ends.
 */
export const until = (check: () => void) =>
  vi.waitFor(
    async () => {
      await act(async () => undefined);
      check();
    },
    { timeout: 5_000, interval: 5 },
  );
