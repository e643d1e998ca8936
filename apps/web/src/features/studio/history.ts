import { useCallback, useState } from 'react';
import {
  commitGesture,
  pushValue,
  redoStep,
  replaceValue,
  startHistory,
  undoStep,
  type HistoryState,
} from './editor/historyState';

/** Undo and redo over snapshots of a value: each change pushes the one before it. */
export function useHistory<T>(initial: T, depth = 100) {
  const [state, setState] = useState<HistoryState<T>>(() => startHistory(initial));
  const set = useCallback(
    (next: T | ((current: T) => T)) =>
      setState((s) =>
        pushValue(s, typeof next === 'function' ? (next as (current: T) => T)(s.present) : next, depth),
      ),
    [depth],
  );
  /** Replaces the value without a step back (a drag in progress, a value from the server). */
  const replace = useCallback((value: T) => setState((s) => replaceValue(s, value)), []);
  /** Ends a gesture: `from` (the value before it) becomes a step back, `to` the value. */
  const commit = useCallback((from: T, to: T) => setState((s) => commitGesture(s, from, to, depth)), [depth]);
  const undo = useCallback(() => setState(undoStep), []);
  const redo = useCallback(() => setState(redoStep), []);
  const reset = useCallback((value: T) => setState(startHistory(value)), []);
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
