/**
 * bench/schedule's thread for the player's 48 hours: the built engine and nothing else loaded, as the player
 * and the server's planning workers run it (the bench's own process holds the whole server, whose heap
 * slows every collection). Plans `input` for `today` and the day after `n` times after a warm-up and
 * posts the samples (ms) and the total.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { addDays, planDay } from '@vitrine/core';

const { input, today, n } = workerData;
const fortyEight = () => [planDay(input, today), planDay(input, addDays(today, 1))];
for (let i = 0; i < Math.min(50, n); i += 1) fortyEight();
const samples = [];
const start = performance.now();
for (let i = 0; i < n; i += 1) {
  const t0 = performance.now();
  fortyEight();
  samples.push(performance.now() - t0);
}
parentPort.postMessage({ samples, total: performance.now() - start });
