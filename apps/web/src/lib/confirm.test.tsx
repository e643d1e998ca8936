// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { mount, unmountAll, until } from '../testing';

/**
 * The confirmation dialog comes in its own chunk. One that fails to come (a new release replaced it)
 * answers the question no and leaves the page standing; the next question loads it again.
 */
afterEach(() => {
  unmountAll();
  vi.doUnmock('./ConfirmDialog');
  vi.resetModules();
});

describe('a question whose dialog does not come', () => {
  it('is answered no, the page stays, and the next question loads the dialog again', async () => {
    let loads = 0;
    vi.doMock('./ConfirmDialog', () => {
      if (loads++ === 0) throw new TypeError('Failed to fetch dynamically imported module');
      return { ConfirmDialog: ({ text }: { text: string | null }) => <p role="dialog">{text}</p> };
    });
    const { ConfirmProvider, useConfirm } = await import('./confirm');
    const answers: boolean[] = [];
    let ask: ReturnType<typeof useConfirm> | null = null;
    function Page() {
      ask = useConfirm();
      return <p>The page</p>;
    }
    const container = mount(
      <ConfirmProvider>
        <Page />
      </ConfirmProvider>,
    );
    await act(async () => void answers.push(await ask!('Remove it?')));
    expect(answers).toEqual([false]);
    expect(container.textContent).toContain('The page');
    act(() => void ask!('Remove it?').then((answer) => answers.push(answer)));
    await until(() => expect(container.querySelector('[role="dialog"]')?.textContent).toBe('Remove it?'));
    expect(loads).toBe(2);
  });
});
