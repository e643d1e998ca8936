/**
 * The desktop shell as Node single executable applications: the shell's code bundled into one script
 * (esbuild), made into a preparation blob by the target's own Node (no code cache or snapshot, so one
 * blob serves every platform), and injected into a copy of each platform's Node binary (postject).
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import { nodeBinary, type Target } from './node-binaries.js';
import { removeSignature } from './windows.js';
import { PLAYERS, ROOT, run } from './util.js';

const SENTINEL = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/** The shell as one CommonJS script for Node 22, with its version written in. */
export async function bundleShell(work: string, version: string): Promise<string> {
  const out = join(work, 'shell.cjs');
  await build({
    entryPoints: [join(PLAYERS, 'shell', 'main.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    minify: true,
    legalComments: 'none',
    outfile: out,
    alias: { '@vitrine/core': join(ROOT, 'packages', 'core', 'src', 'index.ts') },
    define: { __SHELL_VERSION__: JSON.stringify(version) },
    logLevel: 'warning',
  });
  return out;
}

/** The preparation blob, made by the Linux x64 Node of the targets' version. */
export async function seaBlob(work: string, script: string): Promise<string> {
  const blob = join(work, 'shell.blob');
  const config = join(work, 'sea-config.json');
  writeFileSync(
    config,
    JSON.stringify({
      main: script,
      output: blob,
      disableExperimentalSEAWarning: true,
      useCodeCache: false,
      useSnapshot: false,
    }),
  );
  await run(await nodeBinary('linux-x64'), ['--experimental-sea-config', config], { cwd: work });
  return blob;
}

/** A copy of `target`'s Node with the blob in it, at `out`. Runs postject in a process of its own. */
export async function injectShell(target: Target, blob: string, out: string): Promise<void> {
  mkdirSync(join(out, '..'), { recursive: true });
  copyFileSync(await nodeBinary(target), out);
  if (target === 'win-x64') removeSignature(out);
  const cli = createRequire(import.meta.url).resolve('postject/dist/cli.js');
  await run(process.execPath, [cli, out, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', SENTINEL]);
}
