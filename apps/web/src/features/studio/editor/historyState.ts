/** Undo and redo over snapshots of a value: the steps back, the value, the steps forward. */
export interface HistoryState<T> {
  past: T[];
  present: T;
  future: T[];
}

/** A history with no step back or forward. */
export const startHistory = <T>(value: T): HistoryState<T> => ({ past: [], present: value, future: [] });

/** A change: the value before it becomes a step back (at most `depth` are kept), the steps forward go. */
export function pushValue<T>(state: HistoryState<T>, value: T, depth: number): HistoryState<T> {
  if (value === state.present) return state;
  return { past: [...state.past.slice(-depth + 1), state.present], present: value, future: [] };
}

/** Replaces the value without a step back (a drag in progress, a value from the server). */
export const replaceValue = <T>(state: HistoryState<T>, value: T): HistoryState<T> => ({
  ...state,
  present: value,
});

/** Ends a gesture: `from` (the value before it) becomes a step back, `to` the value. */
export const commitGesture = <T>(state: HistoryState<T>, from: T, to: T, depth: number): HistoryState<T> => ({
  past: [...state.past.slice(-depth + 1), from],
  present: to,
  future: [],
});

/** One step back; nothing to undo leaves the history as it is. */
export const undoStep = <T>(state: HistoryState<T>): HistoryState<T> =>
  state.past.length === 0
    ? state
    : {
        past: state.past.slice(0, -1),
        present: state.past.at(-1)!,
        future: [state.present, ...state.future],
      };

/** One step forward; nothing to redo leaves the history as it is. */
export const redoStep = <T>(state: HistoryState<T>): HistoryState<T> =>
  state.future.length === 0
    ? state
    : { past: [...state.past, state.present], present: state.future[0]!, future: state.future.slice(1) };
