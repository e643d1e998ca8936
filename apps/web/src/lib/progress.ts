/**
 * Counts work in flight (requests and route loads) for the 2 px progress bar. Subscribers are told when
 * the count goes from zero to busy and back.
 */
type Listener = (busy: boolean) => void;

let inFlight = 0;
const listeners = new Set<Listener>();

export const progress = {
  start(): () => void {
    inFlight += 1;
    if (inFlight === 1) listeners.forEach((l) => l(true));
    let finished = false;
    return () => {
      if (finished) return;
      finished = true;
      inFlight -= 1;
      if (inFlight === 0) listeners.forEach((l) => l(false));
    };
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get busy(): boolean {
    return inFlight > 0;
  },
};
