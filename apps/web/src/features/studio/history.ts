import { useCallback, useState } from 'react';

/** Undo and redo over snapshots of a value: each change pushes the one before it. */
export function useHistory<T>(initial: T, depth = 100) {
  const [state, setState] = useState<{ past: T[]; present: T; future: T[] }>({
    past: [],
    present: initial,
    future: [],
  });
  const set = useCallback(
    (next: T | ((current: T) => T)) =>
      setState((s) => {
        const value = typeof next === 'function' ? (next as (current: T) => T)(s.present) : next;
        if (value === s.present) return s;
        return { past: [...s.past.slice(-depth + 1), s.present], present: value, future: [] };
      }),
    [depth],
  );
  /** Replaces the value without a step back (a drag in progress, a value from the server). */
  const replace = useCallback((value: T) => setState((s) => ({ ...s, present: value })), []);
  /** Ends a gesture: `from` (the value before it) becomes a step back, `to` the value. */
  const commit = useCallback(
    (from: T, to: T) =>
      setState((s) => ({ past: [...s.past.slice(-depth + 1), from], present: to, future: [] })),
    [depth],
  );
  const undo = useCallback(
    () =>
      setState((s) =>
        s.past.length === 0
          ? s
          : { past: s.past.slice(0, -1), present: s.past.at(-1)!, future: [s.present, ...s.future] },
      ),
    [],
  );
  const redo = useCallback(
    () =>
      setState((s) =>
        s.future.length === 0
          ? s
          : { past: [...s.past, s.present], present: s.future[0]!, future: s.future.slice(1) },
      ),
    [],
  );
  const reset = useCallback((value: T) => setState({ past: [], present: value, future: [] }), []);
  return {
    value: state.present,
    set,
    replace,
    commit,
    undo,
    redo,
    reset,
    canUndo: state.past.length > 0,
    canRedo: state.future.length > 0,
  };
}
