import { performance } from 'node:perf_hooks';
import { sleep } from './support.js';

// bench/web's figure helpers, and the save figure (a file of its own: web.ts is the run).

/** The p-quantile of some times. */
export const q = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
};
export const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
export const goal = (ok: boolean, text: string) => `${ok ? 'goal met' : 'GOAL NOT MET'} (${text})`;

/** What `work` answers and how long it took, in ms. */
export async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const result = await work();
  return [result, performance.now() - t0];
}

/**
 * Saving a playlist that reaches `reach` screens: the answer, and the server's answer to a health check
 * every 20 ms meanwhile (working out each reached screen's content version must not stall the others).
 * Each save changes the periodicity, so every reached screen's content really changes. Saves take turns
 * between the two ways to the screens' versions: by the playlist's contribution alone (the screens keep
 * what their versions are made of), and whole, as any other change does (`forget` clears what the screens
 * keep first): the whole way is this figure's baseline in the same run.
 */
export async function savePlaylistFigure(
  run: {
    api: (path: string, body?: unknown) => Promise<unknown>;
    health: () => Promise<number>;
    say: (line: string) => void;
    baseline: number;
    forget: () => Promise<void>;
  },
  playlistId: number,
  reach: number,
  /** Saves a way (BENCH_WEB_N, at most 5). */
  n: number,
): Promise<void> {
  const saves = { alone: [] as number[], whole: [] as number[] };
  const healthTimes = { alone: [] as number[], whole: [] as number[] };
  // The first save, not counted, gives every screen what its version is made of.
  await run.api(`/playlist/patch/${playlistId}`, { periodicity: 660 });
  for (let i = 0; i < Math.min(n, 5) * 2; i++) {
    const way = i % 2 ? 'whole' : 'alone';
    if (way === 'whole') await run.forget();
    let saving = true;
    const probe = (async () => {
      while (saving) {
        healthTimes[way].push(await run.health());
        await sleep(20);
      }
    })();
    const [, took] = await timed(() =>
      run.api(`/playlist/patch/${playlistId}`, { periodicity: i % 2 ? 600 : 630 }),
    );
    saving = false;
    await probe;
    saves[way].push(took);
  }
  for (const way of ['alone', 'whole'] as const) {
    const label = `save a playlist reaching ${reach} screens (${way === 'alone' ? 'answer' : 'worked out whole'})`;
    run.say(
      `  ${label.padEnd(50)} p50 ${ms(q(saves[way], 0.5))}  ` +
        `max ${ms(Math.max(...saves[way]))}  x${(q(saves[way], 0.5) / run.baseline).toFixed(0)} of baseline; ` +
        `health meanwhile max ${ms(Math.max(...healthTimes[way]))} ${goal(Math.max(...healthTimes[way]) < 200, 'never blocked: max < 200 ms')}`,
    );
  }
  run.say(
    `  ${'save: alone ÷ whole (p50)'.padEnd(50)} ${(q(saves.alone, 0.5) / q(saves.whole, 0.5)).toFixed(2)}`,
  );
}
