/**
 * The Android app (docs/players.md, "Android"): written in smali (Debian has no Android platform jar and no
 * Java-to-dex compiler), its resources linked by aapt against android-framework-res's framework-res.apk,
 * assembled by apktool, aligned by zipalign and signed by apksigner: with the release key from the
 * environment (ANDROID_KEYSTORE, ANDROID_KEYSTORE_PASSWORD, ANDROID_KEY_ALIAS, ANDROID_KEY_PASSWORD), else
 * with the test key in players/android (for CI builds only: never for screens people own).
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { iconPng } from '../../apps/player/build/icon.ts';
import { androidSetupPage } from './android-setup.js';
import { PLAYERS, run } from './util.js';

const FRAMEWORK = '/usr/share/android-framework-res/framework-res.apk';
const TEST_KEY = {
  keystore: join(PLAYERS, 'android', 'test-key.p12'),
  password: 'vitrine-test',
  alias: 'vitrine-test',
};
const ICON_SIZES: Record<string, number> = { mdpi: 48, hdpi: 72, xhdpi: 96, xxhdpi: 144, xxxhdpi: 192 };

/** 1.2.3 as 10203: each part below 100, the pre-release ignored. */
export function versionCode(version: string): number {
  const [major = 0, minor = 0, patch = 0] = version
    .split(/[-+]/)[0]!
    .split('.')
    .map((p) => Number(p) || 0);
  return major * 10000 + minor * 100 + patch;
}

export interface SigningKey {
  keystore: string;
  password: string;
  alias: string;
  keyPassword: string;
  test: boolean;
}

export function signingKey(env: NodeJS.ProcessEnv = process.env): SigningKey {
  if (env.ANDROID_KEYSTORE) {
    if (!env.ANDROID_KEYSTORE_PASSWORD || !env.ANDROID_KEY_ALIAS) {
      throw new Error('ANDROID_KEYSTORE needs ANDROID_KEYSTORE_PASSWORD and ANDROID_KEY_ALIAS');
    }
    return {
      keystore: env.ANDROID_KEYSTORE,
      password: env.ANDROID_KEYSTORE_PASSWORD,
      alias: env.ANDROID_KEY_ALIAS,
      keyPassword: env.ANDROID_KEY_PASSWORD || env.ANDROID_KEYSTORE_PASSWORD,
      test: false,
    };
  }
  return { ...TEST_KEY, keyPassword: TEST_KEY.password, test: true };
}

function apktoolYml(version: string): string {
  return [
    'version: 2.7.0',
    'apkFileName: vitrine-player.apk',
    'isFrameworkApk: false',
    'usesFramework:',
    '  ids:',
    '  - 1',
    'sdkInfo:',
    "  minSdkVersion: '21'",
    "  targetSdkVersion: '29'",
    'packageInfo:',
    "  forcedPackageId: '127'",
    'versionInfo:',
    `  versionCode: '${versionCode(version)}'`,
    `  versionName: ${version}`,
    'compressionType: false',
    'sharedLibrary: false',
    'sparseResources: false',
    'doNotCompress:',
    '- png',
    '',
  ].join('\n');
}

/** The apktool project: the sources with the version written in, icons, TV banner and first-start page. */
async function project(work: string, version: string): Promise<string> {
  const dir = join(work, 'android');
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(PLAYERS, 'android'), dir, { recursive: true, filter: (path) => !path.endsWith('.p12') });
  const fill = (file: string) =>
    writeFileSync(
      file,
      readFileSync(file, 'utf8')
        .replaceAll('@VERSION_CODE@', String(versionCode(version)))
        .replaceAll('@VERSION@', version),
    );
  fill(join(dir, 'AndroidManifest.xml'));
  fill(join(dir, 'smali', 'net', 'vitrine', 'player', 'Bridge.smali'));
  writeFileSync(join(dir, 'apktool.yml'), apktoolYml(version));
  for (const [density, size] of Object.entries(ICON_SIZES)) {
    mkdirSync(join(dir, 'res', `mipmap-${density}`), { recursive: true });
    writeFileSync(join(dir, 'res', `mipmap-${density}`, 'ic_launcher.png'), iconPng(size));
  }
  mkdirSync(join(dir, 'res', 'drawable-xhdpi'), { recursive: true });
  const banner = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#000000' } })
    .composite([{ input: Buffer.from(iconPng(180)), left: 70, top: 0 }])
    .png()
    .toBuffer();
  writeFileSync(join(dir, 'res', 'drawable-xhdpi', 'banner.png'), banner);
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'assets', 'setup.html'), androidSetupPage());
  return dir;
}

export async function buildApk(options: {
  version: string;
  work: string;
  out: string;
}): Promise<{ testKey: boolean }> {
  const { work } = options;
  const framework = join(work, 'framework');
  if (!existsSync(join(framework, '1.apk'))) await run('apktool', ['if', FRAMEWORK, '-p', framework]);
  const dir = await project(work, options.version);
  const unsigned = join(work, 'unsigned.apk');
  const aligned = join(work, 'aligned.apk');
  await run('apktool', ['b', dir, '-o', unsigned, '-p', framework, '-f']);
  await run('zipalign', ['-f', '-p', '4', unsigned, aligned]);
  const key = signingKey();
  await run(
    'apksigner',
    [
      'sign',
      '--ks',
      key.keystore,
      '--ks-pass',
      'env:VITRINE_KS_PASS',
      '--ks-key-alias',
      key.alias,
      '--key-pass',
      'env:VITRINE_KEY_PASS',
      '--out',
      options.out,
      aligned,
    ],
    { env: { VITRINE_KS_PASS: key.password, VITRINE_KEY_PASS: key.keyPassword } },
  );
  rmSync(`${options.out}.idsig`, { force: true });
  return { testKey: key.test };
}
