#!/usr/bin/env node
// `npm test`: typecheck, lint, unit, integration (PGlite, and PostgreSQL too when TEST_DATABASE_URL is
// set), browser tests, and the native players (built, then checked). Ends with one line counting every
// suite: `N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { ensurePlayerTools, ensureSystemTools } from './system-tools.mjs';

const root = new URL('..', import.meta.url).pathname;
const resultsDir = join(root, '.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const suites = [];
let passed = 0;
let failed = 0;
let skipped = 0;

/** The machine's busy and total CPU time so far (all cores), to tell a stage that waits from one that computes. */
function cpuTimes() {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const sum = times.user + times.nice + times.sys + times.idle + times.irq;
    total += sum;
    busy += sum - times.idle;
  }
  return { busy, total };
}

/** Each stage's wall time and how busy the cores were meanwhile, printed in the summary. */
const timings = [];
function timed(name, work) {
  const started = Date.now();
  const before = cpuTimes();
  const result = work();
  const done = () => {
    const after = cpuTimes();
    const used = after.total - before.total;
    const busy = used > 0 ? Math.round((100 * (after.busy - before.busy)) / used) : 0;
    timings.push(`${name}: ${Math.round((Date.now() - started) / 1000)} s, cores ${busy}% busy`);
  };
  if (result instanceof Promise) return result.finally(done);
  done();
  return result;
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** A whole-tree check (typecheck, lint) counts as one test. */
function check(name, command, args) {
  console.log(`\n=== ${name} ===`);
  const ok = run(command, args);
  suites.push(`${name}: ${ok ? 'passed' : 'FAILED'}`);
  if (ok) passed += 1;
  else failed += 1;
}

/** Vitest projects: counts come from their JSON report; a run that reports nothing counts as a failure. */
function vitest(name, project, env = {}) {
  const projects = Array.isArray(project) ? project : [project];
  console.log(`\n=== ${name} ===`);
  const report = join(resultsDir, `${name.replace(/\W+/g, '-')}.json`);
  const ok = run(
    'npx',
    [
      'vitest',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    env,
  );
  if (!existsSync(report)) {
    suites.push(`${name}: FAILED (no report)`);
    failed += 1;
    return;
  }
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const p = json.numPassedTests ?? 0;
  const s = (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  let f = json.numFailedTests ?? 0;
  // A file that failed to load has no failed test in it, but the run failed.
  if (!ok && f === 0) f = 1;
  passed += p;
  failed += f;
  skipped += s;
  suites.push(`${name}: ${p} passed, ${f} failed${s ? `, ${s} skipped` : ''}`);
}

/**
 * Whole-tree checks run side by side (each mostly on one core); their output is printed whole, one after
 * the other, so the logs do not interleave.
 */
async function checksTogether(checks) {
  const results = await Promise.all(
    checks.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, env: process.env });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code) => resolve({ name, ok: code === 0, output }));
        }),
    ),
  );
  for (const { name, ok, output } of results) {
    console.log(`\n=== ${name} ===`);
    if (output) process.stdout.write(output);
    suites.push(`${name}: ${ok ? 'passed' : 'FAILED'}`);
    if (ok) passed += 1;
    else failed += 1;
  }
}

const tools = timed('system tools', ensureSystemTools);
if (!tools.ok) {
  console.error(tools.message);
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}

timed('build', () => check('build', 'npm', ['run', 'build', '--silent']));
await timed('typecheck and lint', () =>
  checksTogether([
    ['typecheck', 'npm', ['run', 'typecheck', '--silent']],
    ['lint', 'npm', ['run', 'lint', '--silent']],
  ]),
);
timed('unit', () => vitest('unit', 'unit'));
timed('integration (PGlite)', () => vitest('integration (PGlite)', 'integration', { TEST_DB: 'pglite' }));
if (process.env.TEST_DATABASE_URL) {
  timed('integration (PostgreSQL)', () =>
    vitest('integration (PostgreSQL)', 'integration', { TEST_DB: 'pg' }),
  );
} else {
  console.log('\nTEST_DATABASE_URL is not set: the PostgreSQL run of the integration suite is skipped.');
}
timed('browser', () =>
  vitest('browser', ['e2e', 'e2e-timing'], { CHROMIUM_PATH: tools.chromium, NGINX_PATH: tools.nginx }),
);

// The native players (docs/players.md): built once per run (from the cache when nothing they are made of
// changed), then their files, self-tests and the x86_64 AppImage at work.
const playerTools = timed('player tools', ensurePlayerTools);
if (playerTools.ok) {
  timed('players build', () => check('players build', 'npm', ['run', 'build:players', '--silent']));
  timed('players', () => vitest('players', 'players', { CHROMIUM_PATH: tools.chromium }));
} else {
  console.error(playerTools.message);
  suites.push('players: FAILED (tools missing)');
  failed += 1;
}

console.log('\n=== summary ===');
for (const line of suites) console.log(`  ${line}`);
console.log('\nTime:');
for (const line of timings) console.log(`  ${line}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
