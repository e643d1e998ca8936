/**
 * The Linux players as AppImages of type 2 (docs/players.md, "AppImage"): our own runtime (appimage/runtime,
 * a static ELF per architecture) followed by a gzip squashfs of the AppDir, marked 'AI' 2 at byte 8.
 */
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  openSync,
  closeSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  writeSync,
  readFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { iconPng } from '../../apps/player/build/icon.ts';
import { PLAYERS, run } from './util.js';

export type Arch = 'x86_64' | 'aarch64';

const COMPILER: Record<Arch, string> = { x86_64: 'gcc', aarch64: 'aarch64-linux-gnu-gcc' };
const RUNTIME_SOURCES = ['runtime.c', 'squashfs.c', 'inflate.c'];

/** The runtime for `arch`: static, stripped (its section headers stay: they say where the image starts). */
export async function buildRuntime(arch: Arch, work: string): Promise<string> {
  const dir = join(PLAYERS, 'appimage', 'runtime');
  const out = join(work, `runtime-${arch}`);
  await run(COMPILER[arch], [
    '-static',
    '-Os',
    '-s',
    '-Wall',
    '-Wextra',
    '-Werror',
    '-Wno-format-truncation',
    '-o',
    out,
    ...RUNTIME_SOURCES.map((file) => join(dir, file)),
  ]);
  return out;
}

function desktopEntry(version: string): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Vitrine Player',
    'Comment=Digital signage player for a Vitrine server',
    'Exec=vitrine-player',
    'Icon=vitrine-player',
    'Categories=AudioVideo;Player;',
    'Terminal=false',
    `X-AppImage-Version=${version}`,
    '',
  ].join('\n');
}

/** The AppDir: AppRun is the shell itself; the desktop entry and icon at the top, as the format asks. */
function appDir(work: string, arch: Arch, shell: string, version: string): string {
  const dir = join(work, `AppDir-${arch}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'usr', 'bin'), { recursive: true });
  mkdirSync(join(dir, 'usr', 'share', 'icons', 'hicolor', '256x256', 'apps'), { recursive: true });
  copyFileSync(shell, join(dir, 'usr', 'bin', 'vitrine-player'));
  chmodSync(join(dir, 'usr', 'bin', 'vitrine-player'), 0o755);
  symlinkSync('usr/bin/vitrine-player', join(dir, 'AppRun'));
  writeFileSync(join(dir, 'vitrine-player.desktop'), desktopEntry(version));
  const icon = iconPng(256);
  writeFileSync(join(dir, 'vitrine-player.png'), icon);
  writeFileSync(join(dir, 'usr', 'share', 'icons', 'hicolor', '256x256', 'apps', 'vitrine-player.png'), icon);
  symlinkSync('vitrine-player.png', join(dir, '.DirIcon'));
  return dir;
}

/** Runtime, then the squashfs; marked as an AppImage of type 2 and made executable. */
export async function buildAppImage(options: {
  arch: Arch;
  runtime: string;
  shell: string;
  version: string;
  work: string;
  out: string;
}): Promise<void> {
  const dir = appDir(options.work, options.arch, options.shell, options.version);
  const image = join(options.work, `image-${options.arch}.squashfs`);
  rmSync(image, { force: true });
  await run('mksquashfs', [
    dir,
    image,
    '-comp',
    'gzip',
    '-Xcompression-level',
    '6',
    '-all-root',
    '-noappend',
    '-quiet',
  ]);
  const fd = openSync(options.out, 'w', 0o755);
  try {
    writeSync(fd, readFileSync(options.runtime));
    writeSync(fd, readFileSync(image));
    writeSync(fd, Buffer.from([0x41, 0x49, 0x02]), 0, 3, 8);
  } finally {
    closeSync(fd);
  }
  chmodSync(options.out, 0o755);
  rmSync(image, { force: true });
}
