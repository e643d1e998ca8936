/**
 * `npm run build:players` (docs/players.md): the four native players, versioned with the server, into
 * players/dist (PLAYERS_OUT) with manifest.json (platform, file, version, size, SHA-256), which the server
 * reads to serve them. PLAYERS_ONLY=linux,arm,windows,android builds some; VITRINE_PLAYER_VERSION sets
 * another version (the update test builds an older shell this way).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PLAYER_PLATFORMS, type PlayerBuild, type PlayerPlatform } from '@vitrine/core';
import { buildApk, signingKey } from './android.js';
import { buildAppImage, buildRuntime } from './appimage.js';
import { cachedFile, digestOf } from './cache.js';
import { NODE_VERSION } from './node-binaries.js';
import { bundleShell, injectShell, seaBlob } from './sea.js';
import { CACHE, PLAYERS, ROOT, run, sha256File, step } from './util.js';

/** What every build depends on besides its own sources: the build scripts and the icon. */
const BUILD_INPUTS = [join(PLAYERS, 'build'), join(ROOT, 'apps', 'player', 'build', 'icon.ts')];

/** Debian's packages each platform's build needs. */
const TOOLS: Record<PlayerPlatform, [string, string][]> = {
  linux: [
    ['gcc', 'gcc'],
    ['mksquashfs', 'squashfs-tools'],
    ['strip', 'binutils'],
  ],
  arm: [
    ['aarch64-linux-gnu-gcc', 'gcc-aarch64-linux-gnu'],
    ['mksquashfs', 'squashfs-tools'],
    ['aarch64-linux-gnu-strip', 'binutils-aarch64-linux-gnu'],
  ],
  windows: [],
  android: [
    ['apktool', 'apktool'],
    ['zipalign', 'zipalign'],
    ['apksigner', 'apksigner'],
    ['aapt', 'aapt'],
    ['java', 'default-jdk-headless'],
  ],
};

export const fileName = (platform: PlayerPlatform, version: string): string =>
  ({
    windows: `Vitrine-Player-${version}-x64.exe`,
    linux: `Vitrine-Player-${version}-x86_64.AppImage`,
    arm: `Vitrine-Player-${version}-aarch64.AppImage`,
    android: `Vitrine-Player-${version}.apk`,
  })[platform];

async function missingTools(platforms: PlayerPlatform[]): Promise<string[]> {
  const missing = new Set<string>();
  for (const [tool, pkg] of platforms.flatMap((p) => TOOLS[p])) {
    await run('sh', ['-c', `command -v ${tool}`]).catch(() => missing.add(pkg));
  }
  if (
    !(await run('sh', ['-c', 'test -f /usr/share/android-framework-res/framework-res.apk']).then(
      () => true,
      () => false,
    )) &&
    platforms.includes('android')
  )
    missing.add('android-framework-res');
  return [...missing];
}

const sizeText = (bytes: number) =>
  bytes < 1e6 ? `${(bytes / 1e3).toFixed(0)} kB` : `${(bytes / 1e6).toFixed(1)} MB`;

function serverVersion(): string {
  return (
    JSON.parse(readFileSync(join(ROOT, 'apps', 'server', 'package.json'), 'utf8')) as { version: string }
  ).version;
}

async function main(): Promise<void> {
  const version = process.env.VITRINE_PLAYER_VERSION || serverVersion();
  const out = process.env.PLAYERS_OUT || join(PLAYERS, 'dist');
  const only = (process.env.PLAYERS_ONLY ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const platforms = PLAYER_PLATFORMS.filter((p) => only.length === 0 || only.includes(p));
  const missing = await missingTools(platforms);
  if (missing.length)
    throw new Error(`Missing tools; on Debian/Ubuntu: apt-get install ${missing.join(' ')}`);
  const work = join(CACHE, `work-${process.pid}`);
  mkdirSync(work, { recursive: true });
  mkdirSync(out, { recursive: true });
  const started = Date.now();
  process.stdout.write(`Building the players ${version} (${platforms.join(', ')}) into ${out}\n`);
  try {
    const desktop = platforms.filter((p) => p !== 'android');
    const jobs: Promise<unknown>[] = [];
    if (platforms.includes('android')) {
      const key = signingKey();
      const inputs = digestOf(
        [...BUILD_INPUTS, join(PLAYERS, 'android'), join(PLAYERS, 'shell', 'setup-page.ts'), key.keystore],
        ['android', version, key.alias],
      );
      jobs.push(
        step('android apk', () =>
          cachedFile(inputs, join(out, fileName('android', version)), async (file) => {
            const { testKey } = await buildApk({ version, work: join(work, 'apk'), out: file });
            if (testKey)
              process.stdout.write('  (signed with the test key: set ANDROID_KEYSTORE for a release)\n');
          }),
        ),
      );
    }
    if (desktop.length) jobs.push(buildDesktop(desktop, version, work, out));
    await Promise.all(jobs);
    const builds: PlayerBuild[] = [];
    for (const platform of platforms) {
      const file = fileName(platform, version);
      builds.push({
        platform,
        file,
        version,
        size: statSync(join(out, file)).size,
        sha256: await sha256File(join(out, file)),
      });
    }
    // Files of other builds go: the server serves what the manifest names.
    const keep = new Set(builds.map((b) => b.file));
    for (const name of readdirSync(out))
      if (name.startsWith('Vitrine-Player-') && !keep.has(name)) rmSync(join(out, name));
    writeFileSync(
      join(out, 'manifest.json'),
      `${JSON.stringify({ version, builtAt: new Date().toISOString(), builds }, null, 2)}\n`,
    );
    for (const b of builds) process.stdout.write(`  ${b.file}: ${sizeText(b.size)}, sha256 ${b.sha256}\n`);
    process.stdout.write(`Built in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The shell bundled once; each desktop platform's file is taken from the cache when its inputs (the bundle,
 * the build scripts, the runtime's sources, Node's version) are unchanged, else built: the blob once, each
 * platform's Node with it, and the AppImages around theirs.
 */
async function buildDesktop(
  platforms: PlayerPlatform[],
  version: string,
  work: string,
  out: string,
): Promise<void> {
  const script = await step('shell bundle', () => bundleShell(work, version));
  let blob: Promise<string> | null = null;
  const blobOnce = () => (blob ??= step('node binaries and blob', () => seaBlob(work, script)));
  const targets = { windows: 'win-x64', linux: 'linux-x64', arm: 'linux-arm64' } as const;
  const arches = { linux: 'x86_64', arm: 'aarch64' } as const;
  await Promise.all(
    platforms.map(async (platform) => {
      if (platform === 'android') return;
      const inputs = digestOf(
        [...BUILD_INPUTS, script, join(PLAYERS, 'appimage')],
        [platform, version, NODE_VERSION],
      );
      const file = join(out, fileName(platform, version));
      const cached = await cachedFile(inputs, file, async (target) => {
        if (platform === 'windows') {
          await step('windows exe', async () => injectShell('win-x64', await blobOnce(), target));
          return;
        }
        const arch = arches[platform];
        const runtime = await buildRuntime(arch, work);
        const shell = join(work, `vitrine-player-${arch}`);
        await step(`${arch} shell`, async () => injectShell(targets[platform], await blobOnce(), shell));
        await step(`${arch} AppImage`, () =>
          buildAppImage({ arch, runtime, shell, version, work, out: target }),
        );
      });
      if (cached) process.stdout.write(`  ${platform}: unchanged, from the cache\n`);
    }),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
