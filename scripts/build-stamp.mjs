// The build's stamp: a digest of every file the build reads, written when `npm run build` ends
// (apps/server/dist/build-stamp.json). `npm start` compares it with the tree as it is and builds only when
// they differ or an output is missing, so a restart from a built tree takes seconds.
//
//   node scripts/build-stamp.mjs write    after a build
//   node scripts/build-stamp.mjs check    exit 0 when the build is current, 1 (and why) when not
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const STAMP = join(root, 'apps/server/dist/build-stamp.json');

/** What the build reads: the workspaces' sources and configs, and the root's package and TS files. */
const INPUT_DIRS = ['packages', 'apps'];
const ROOT_FILES = ['package.json', 'package-lock.json', 'tsconfig.base.json'];
/** Never inputs: installed packages, outputs, tests, migrations (read at run time, not built). */
const SKIP_DIRS = new Set(['node_modules', 'dist', 'drizzle', 'screenshots', '.vite']);
const SKIP_FILE = /\.test\.tsx?$|\.md$|\.tsbuildinfo$/;

/** What a finished build leaves: without any of these the build is not current, whatever the stamp. */
export const OUTPUTS = [
  'apps/server/dist/main.js',
  'apps/web/dist/index.html',
  'apps/player/dist/index.html',
];

function walk(dir, files) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') && entry.name !== '.env') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) walk(path, files);
    } else if (entry.isFile() && !SKIP_FILE.test(entry.name)) {
      files.push(path);
    }
  }
}

/** sha256 over every input's path and content, in a fixed order (content, not mtimes: a checkout counts). */
export function sourceDigest() {
  const files = [];
  for (const dir of INPUT_DIRS) walk(join(root, dir), files);
  for (const file of ROOT_FILES) if (existsSync(join(root, file))) files.push(join(root, file));
  const hash = createHash('sha256');
  for (const file of files.map((f) => relative(root, f)).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return { digest: hash.digest('hex'), files: files.length };
}

/** Why the build is not current, or null when it is. */
export function staleBecause() {
  const missing = OUTPUTS.filter((out) => !existsSync(join(root, out)));
  if (missing.length > 0) return `not built yet (${missing.join(', ')} missing)`;
  if (!existsSync(STAMP)) return 'built without a stamp';
  const stamp = JSON.parse(readFileSync(STAMP, 'utf8'));
  if (stamp.digest !== sourceDigest().digest) return 'sources changed since the last build';
  return null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  if (command === 'write') {
    const { digest, files } = sourceDigest();
    writeFileSync(
      STAMP,
      `${JSON.stringify({ digest, files, builtAt: new Date().toISOString() }, null, 2)}\n`,
    );
  } else if (command === 'check') {
    const why = staleBecause();
    if (why) {
      console.log(why);
      process.exit(1);
    }
    console.log('the build is current');
  } else {
    console.error('usage: node scripts/build-stamp.mjs write|check');
    process.exit(2);
  }
}
