#!/usr/bin/env node
// Writes e2e/durations.json from a browser run's JSON report (.test-results/browser*.json): each file's
// seconds, which e2e/support/sequencer.ts reads to start the longest files first.
import { readFileSync, writeFileSync } from 'node:fs';
const durations = {};
/** A test file as the sequencer names it: from `e2e/` on, wherever the checkout that ran it was. */
const named = (path) => path.slice(path.lastIndexOf('/e2e/') + 1);
for (const path of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(path, 'utf8'));
  for (const file of report.testResults ?? []) {
    const seconds = Math.round(((file.endTime ?? 0) - (file.startTime ?? 0)) / 1000);
    if (seconds > 0) durations[named(file.name)] = seconds;
  }
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([, a], [, b]) => b - a));
writeFileSync(new URL('../e2e/durations.json', import.meta.url), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} files`);
