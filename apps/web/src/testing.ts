/** What the web's unit tests share. */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
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

const mounted: Root[] = [];

/** Draws `node` in a fresh container of the document (inside act); `unmountAll` takes it away. */
export function mount(node: ReactNode): HTMLElement {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  mounted.push(root);
  act(() => root.render(node));
  return container;
}

/** Every root `mount` drew, unmounted, and the document emptied: a test file's `afterEach`. */
export function unmountAll(): void {
  for (const root of mounted.splice(0)) act(() => root.unmount());
  document.body.innerHTML = '';
}
