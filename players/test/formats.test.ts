import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { built, ROOT, sha256, tool } from './support.js';

/**
 * Each built player is what its platform runs: a PE for Windows with the shell in it and no broken
 * signature; ELF AppImages of type 2 for the right machine with a standard squashfs after them; a signed apk
 * with its manifest, code and the bridge (docs/players.md). Each file is what the manifest says.
 */
const build = built();
const version = JSON.parse(readFileSync(join(ROOT, 'apps', 'server', 'package.json'), 'utf8'))
  .version as string;

describe('the build', () => {
  it('has the four players at the server version, each file as the manifest says', () => {
    expect(build.version).toBe(version);
    expect(build.builds.map((b) => b.platform).sort()).toEqual(['android', 'arm', 'linux', 'windows']);
    for (const b of build.builds) {
      const bytes = readFileSync(build.path(b.platform));
      expect(b.version).toBe(version);
      expect(bytes.length, b.file).toBe(b.size);
      expect(sha256(bytes), b.file).toBe(b.sha256);
    }
  });
});

describe('the Windows player', () => {
  const exe = readFileSync(build.path('windows'));
  it('is a 64-bit PE with the shell injected and no signature left broken', () => {
    expect(exe.toString('latin1', 0, 2)).toBe('MZ');
    const pe = exe.readUInt32LE(0x3c);
    expect(exe.readUInt32LE(pe)).toBe(0x00004550);
    expect(exe.readUInt16LE(pe + 4)).toBe(0x8664);
    const optional = pe + 24;
    expect(exe.readUInt16LE(optional)).toBe(0x20b);
    expect(exe.readUInt32LE(optional + 112 + 36)).toBe(0);
    expect(exe.includes(Buffer.from('NODE_SEA_BLOB', 'utf16le'))).toBe(true);
  });
});

/** The ELF header of an AppImage, and where its squashfs starts (the end of the section header table). */
function appImage(path: string) {
  const bytes = readFileSync(path);
  const shoff = Number(bytes.readBigUInt64LE(0x28));
  return {
    bytes,
    machine: bytes.readUInt16LE(0x12),
    offset: shoff + bytes.readUInt16LE(0x3a) * bytes.readUInt16LE(0x3c),
  };
}

describe.each([
  ['linux', 62, 'Advanced Micro Devices X86-64'],
  ['arm', 183, 'AArch64'],
] as const)('the %s AppImage', (platform, machine, name) => {
  const path = build.path(platform);
  const image = appImage(path);

  it(`is an executable ${name} ELF marked as an AppImage of type 2`, () => {
    expect(image.bytes.subarray(0, 4).equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]))).toBe(true);
    expect(image.bytes.subarray(8, 11).equals(Buffer.from([0x41, 0x49, 0x02]))).toBe(true);
    expect(image.machine).toBe(machine);
    const header = tool('readelf', ['-h', '-S', '-l', path]).output;
    expect(header).toContain(`Machine:                           ${name}`);
    // Static (no interpreter), with the specification's update-information and signature sections.
    expect(header).not.toContain('INTERP');
    expect(header).toContain('.upd_info');
    expect(header).toContain('.sha256_sig');
  });

  it('carries a gzip squashfs with AppRun, the desktop entry, the icon and the shell', () => {
    expect(image.bytes.toString('latin1', image.offset, image.offset + 4)).toBe('hsqs');
    expect(image.bytes.readUInt16LE(image.offset + 20)).toBe(1);
    const listing = tool('unsquashfs', ['-o', String(image.offset), '-lls', path]).output;
    expect(listing).toMatch(/squashfs-root\/AppRun -> usr\/bin\/vitrine-player/);
    expect(listing).toMatch(/-rwxr-xr-x root\/root +\d+ .*squashfs-root\/usr\/bin\/vitrine-player/);
    expect(listing).toContain('squashfs-root/vitrine-player.desktop');
    expect(listing).toContain('squashfs-root/.DirIcon -> vitrine-player.png');
    expect(listing).toContain('squashfs-root/vitrine-player.png');
  });
});

describe('the Android player', () => {
  const apk = build.path('android');

  it('is signed, and verifies', () => {
    const verified = tool('apksigner', ['verify', '--verbose', '--print-certs', apk]);
    expect(verified.code, verified.output).toBe(0);
    expect(verified.output).toContain('Verified using v2 scheme (APK Signature Scheme v2): true');
    expect(verified.output).toMatch(/Signer #1 certificate DN: CN=/);
  });

  it('names its package, version, launchers and the permission to start at boot', () => {
    const badging = tool('aapt', ['dump', 'badging', apk]).output;
    expect(badging).toContain(
      `package: name='net.vitrine.player' versionCode='${version.split('.').reduce((n, p) => n * 100 + Number(p), 0)}' versionName='${version}'`,
    );
    expect(badging).toContain("launchable-activity: name='net.vitrine.player.MainActivity'");
    expect(badging).toContain("leanback-launchable-activity: name='net.vitrine.player.MainActivity'");
    expect(badging).toContain("uses-permission: name='android.permission.RECEIVE_BOOT_COMPLETED'");
    expect(badging).toContain("provides-component:'device-admin'");
    const manifest = tool('aapt', ['dump', 'xmltree', apk, 'AndroidManifest.xml']).output;
    expect(manifest).toMatch(
      /E: receiver[\s\S]*?\.BootReceiver[\s\S]*?android\.intent\.action\.BOOT_COMPLETED/,
    );
    expect(manifest).toContain('android.intent.category.HOME');
  });

  it('holds the bridge class with its methods, each exposed to JavaScript', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vitrine-apk-'));
    expect(tool('unzip', ['-q', apk, 'classes.dex', 'assets/setup.html', '-d', dir]).code).toBe(0);
    const dump = tool('dexdump', ['-a', join(dir, 'classes.dex')]).output;
    expect(dump).toContain("Class descriptor  : 'Lnet/vitrine/player/Bridge;'");
    const exposed = [
      ...dump.matchAll(
        /Annotations on method #\d+ '(\w+)'\n\s+VISIBILITY_RUNTIME Landroid\/webkit\/JavascriptInterface;/g,
      ),
    ]
      .map((m) => m[1])
      .sort();
    expect(exposed).toEqual([
      'autostart',
      'displayPower',
      'position',
      'reboot',
      'relaunch',
      'report',
      'screenshot',
      'setServer',
      'shell',
      'terminal',
    ]);
    for (const name of [
      'MainActivity',
      'BootReceiver',
      'CrashHandler',
      'AdminReceiver',
      'Client',
      'Task',
      'Device',
    ])
      expect(dump).toContain(`Class descriptor  : 'Lnet/vitrine/player/${name};'`);
    // The bridge's answer names the version, and the first-start page asks in four languages.
    expect(tool('dexdump', ['-d', join(dir, 'classes.dex')]).output).toContain(`"version":"${version}"`);
    const setup = readFileSync(join(dir, 'assets', 'setup.html'), 'utf8');
    for (const word of ['Server address', 'Адреса сервера', 'Indirizzo del server', 'Адрес сервера'])
      expect(setup).toContain(word);
    await rm(dir, { recursive: true, force: true });
  });
});
