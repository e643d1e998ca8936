import { useEffect, useRef, useState } from 'react';
import { progress } from '../lib/progress';

/** Spec §9: a 2 px bar; shown when work lasts over 200 ms, creeping over 5000 ms, completed on finish. */
const HEIGHT = 2;
const THROTTLE_MS = 200;
const DURATION_MS = 5000;

export function ProgressBar() {
  const [state, setState] = useState<'idle' | 'running' | 'done'>('idle');
  const timer = useRef<number | undefined>(undefined);

  useEffect(
    () =>
      progress.subscribe((busy) => {
        window.clearTimeout(timer.current);
        if (busy) {
          timer.current = window.setTimeout(() => setState('running'), THROTTLE_MS);
        } else {
          setState((s) => (s === 'running' ? 'done' : 'idle'));
          timer.current = window.setTimeout(() => setState('idle'), 300);
        }
      }),
    [],
  );

  return (
    <div
      role="progressbar"
      aria-label="Loading"
      aria-hidden={state === 'idle'}
      data-state={state}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        zIndex: 1000,
        height: HEIGHT,
        background: 'var(--mantine-color-blue-filled)',
        width: state === 'idle' ? 0 : state === 'running' ? '90%' : '100%',
        opacity: state === 'idle' ? 0 : 1,
        transition:
          state === 'running'
            ? `width ${DURATION_MS}ms cubic-bezier(0.1, 0.6, 0.3, 1)`
            : 'width 200ms ease-out, opacity 300ms',
        pointerEvents: 'none',
      }}
    />
  );
}
