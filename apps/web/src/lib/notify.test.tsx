// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { notify } from './notify';
import { notices } from './notices';
import { Toasts } from './toasts';

/** A toast says the whole message, wrapped, on screen and to a screen reader: nothing is cut. */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  notices.clear();
});

function drawToasts(): void {
  // Mantine asks the window which colour scheme and motion it prefers.
  window.matchMedia ??= vi.fn(() => ({
    matches: false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root!.render(
      <MantineProvider>
        <Toasts />
      </MantineProvider>,
    ),
  );
}

describe('a toast', () => {
  it('shows a long message whole, wrapping, with no "More" to click', async () => {
    drawToasts();
    const long = 'Performing this action is not allowed with current tariff plan';
    await act(async () => notify('error', long));
    // The toasts are drawn in a portal at the end of the page, once their chunk has come.
    const toast = await vi.waitFor(async () => {
      await act(async () => undefined);
      const drawn = document.querySelector('.vitrine-notice-error');
      if (!drawn) throw new Error('no toast yet');
      return drawn;
    });
    expect(toast.textContent).toContain(long);
    expect(toast.textContent).not.toContain('...');
    const text = [...toast.querySelectorAll('span')].find((s) => s.textContent === long)!;
    expect(text.style.overflowWrap).toBe('anywhere');
    expect([...toast.querySelectorAll('button')].map((b) => b.textContent)).not.toContain('More');
    expect(notices.snapshot()[0]!.message).toBe(long);
  });
});
