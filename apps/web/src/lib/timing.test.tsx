// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useFetchDelayed, usePrefetchInView } from './timing';

/** Spec §9: the fetch delay is 200 ms; links in view (a tenth of them) are fetched ahead within 2,000 ms. */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
const draw = (node: React.ReactNode) => {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root!.render(node));
  return container;
};
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the fetch delay', () => {
  let setTyped: (value: string) => void = () => undefined;
  function Search() {
    const [typed, set] = useState('');
    setTyped = set;
    return <output>{useFetchDelayed(typed)}</output>;
  }

  it('asks 200 ms after the last key, not before', () => {
    const box = draw(<Search />);
    act(() => setTyped('scr'));
    act(() => vi.advanceTimersByTime(150));
    act(() => setTyped('screen'));
    act(() => vi.advanceTimersByTime(199));
    expect(box.textContent).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(box.textContent).toBe('screen');
  });
});

describe('fetching ahead the pages of links in view', () => {
  /** The browser's observer, driven by the test: what it was told to watch, with which threshold. */
  class Observer {
    static last: Observer;
    watched: Element[] = [];
    constructor(
      readonly report: (entries: Partial<IntersectionObserverEntry>[]) => void,
      readonly options: IntersectionObserverInit,
    ) {
      Observer.last = this;
    }
    observe(element: Element) {
      this.watched.push(element);
    }
    unobserve(element: Element) {
      this.watched = this.watched.filter((e) => e !== element);
    }
    disconnect() {
      this.watched = [];
    }
    show(path: string, isIntersecting = true) {
      const target = this.watched.find((e) => (e as HTMLElement).dataset.prefetch === path)!;
      act(() => this.report([{ target, isIntersecting }]));
    }
  }

  function Menu({ preload }: { preload: (path: string) => void }) {
    const box = useRef<HTMLDivElement>(null);
    usePrefetchInView(box, preload, 'menu');
    return (
      <div ref={box}>
        <a href="/point" data-prefetch="/point">
          Screens
        </a>
        <a href="/playlist" data-prefetch="/playlist">
          Playlists
        </a>
      </div>
    );
  }

  it('watches each link at a tenth in view and fetches its page once, within 2,000 ms', () => {
    vi.stubGlobal('IntersectionObserver', Observer);
    vi.stubGlobal('requestIdleCallback', undefined);
    const preload = vi.fn();
    draw(<Menu preload={preload} />);
    const observer = Observer.last;
    expect(observer.options.threshold).toBe(0.1);
    expect(observer.watched).toHaveLength(2);
    observer.show('/playlist', false);
    observer.show('/point');
    act(() => vi.advanceTimersByTime(1999));
    expect(preload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(preload.mock.calls).toEqual([['/point']]);
    expect(observer.watched.map((e) => (e as HTMLElement).dataset.prefetch)).toEqual(['/playlist']);
  });

  it('asks the idle browser with the 2,000 ms timeout where it can', () => {
    vi.stubGlobal('IntersectionObserver', Observer);
    const idle = vi.fn((work: () => void, _options: IdleRequestOptions) => (work(), 1));
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const preload = vi.fn();
    draw(<Menu preload={preload} />);
    Observer.last.show('/playlist');
    expect(idle.mock.calls[0]![1]).toEqual({ timeout: 2000 });
    expect(preload.mock.calls).toEqual([['/playlist']]);
  });
});
