/**
 * Built players kept by what they are built from: a build whose inputs (the shell's bundle, the build
 * scripts, the runtime's sources, the Android sources, Node's version, the version, the signing key) are
 * unchanged is copied from the cache instead of built again. The cache lives outside the repository
 * (PLAYERS_CACHE, else ~/.cache/vitrine-players), so a fresh clone on the same machine reuses it.
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, join, relative } from 'node:path';
import { CACHE, ROOT } from './util.js';

/** Every file under `paths` (sorted, by path and content) and the `extra` texts, as one digest. */
export function digestOf(paths: string[], extra: string[] = []): string {
  const hash = createHash('sha256');
  const add = (path: string) => {
    const info = statSync(path);
    if (info.isDirectory()) {
      for (const name of readdirSync(path).sort()) add(join(path, name));
      return;
    }
    // Named from the repository's root (a file built elsewhere, as the shell's bundle, by its name only).
    const name = relative(ROOT, path);
    hash.update(`${name.startsWith('..') ? basename(path) : name}\0`);
    hash.update(readFileSync(path));
  };
  for (const path of paths) add(path);
  for (const text of extra) hash.update(`\0${text}`);
  return hash.digest('hex').slice(0, 32);
}

const KEEP = 8;

/** `out` from the cache under `key`, else built by `build` and kept; answers whether it was cached. */
export async function cachedFile(
  key: string,
  out: string,
  build: (out: string) => Promise<void>,
): Promise<boolean> {
  const dir = join(CACHE, 'artifacts');
  const kept = join(dir, key);
  if (existsSync(kept)) {
    copyFileSync(kept, out);
    return true;
  }
  await build(out);
  mkdirSync(dir, { recursive: true });
  copyFileSync(out, `${kept}.tmp`);
  renameSync(`${kept}.tmp`, kept);
  const entries = readdirSync(dir)
    .map((name) => ({ name, at: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of entries.slice(KEEP)) rmSync(join(dir, old.name), { force: true });
  return false;
}
