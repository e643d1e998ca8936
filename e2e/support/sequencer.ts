import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Browser test files run side by side (vitest.config.ts); the run ends when its longest lane does, so the
 * longest files start first. Their durations are kept in e2e/durations.json (seconds, from a whole run:
 * `node scripts/e2e-durations.mjs .test-results/browser.json` writes it); a file not listed there counts
 * as the median. Other projects keep vitest's own order.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const known = durations();
    if (!sorted.some((f) => f.project.name.startsWith('e2e'))) return sorted;
    const values = Object.values(known).sort((a, b) => a - b);
    const median = values[Math.floor(values.length / 2)] ?? 0;
    const seconds = (file: TestSpecification) =>
      known[relative(file.project.config.root, file.moduleId)] ?? median;
    return [...sorted].sort((a, b) => seconds(b) - seconds(a));
  }
}

function durations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(new URL('../durations.json', import.meta.url), 'utf8')) as Record<
      string,
      number
    >;
  } catch {
    return {};
  }
}
