// Chromium (browser tests), ffmpeg (media probing) and nginx (the reverse proxy the deploy tests run in
// front of two server processes, docs/deploying/nginx.conf) come from Debian's packages, and so do the tools
// that build and check the native players (docs/players.md). When one is missing we install it through apt
// if we can; otherwise we say what to install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function which(name) {
  const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

function findChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  return which('chromium') ?? which('chromium-browser') ?? which('google-chrome');
}

function aptInstall(packages, extra = []) {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !which('apt-get')) return false;
  console.log(`Installing ${packages.join(', ')} through apt-get...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) return false;
  const install = spawnSync('apt-get', ['install', '-y', '-qq', ...extra, ...packages], {
    stdio: 'inherit',
    env,
  });
  return install.status === 0;
}

export function ensureSystemTools() {
  let chromium = findChromium();
  if (!chromium && aptInstall(['chromium'])) chromium = findChromium();
  let ffmpeg = which('ffmpeg');
  if (!ffmpeg && aptInstall(['ffmpeg'], ['--no-install-recommends'])) ffmpeg = which('ffmpeg');
  let nginx = which('nginx') ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : undefined);
  if (!nginx && aptInstall(['nginx'], ['--no-install-recommends']))
    nginx = which('nginx') ?? '/usr/sbin/nginx';
  const missing = [];
  if (!chromium)
    missing.push('Chromium (Debian/Ubuntu: `sudo apt-get install chromium`; or set CHROMIUM_PATH)');
  if (!ffmpeg) missing.push('ffmpeg (Debian/Ubuntu: `sudo apt-get install --no-install-recommends ffmpeg`)');
  if (!nginx) missing.push('nginx (Debian/Ubuntu: `sudo apt-get install --no-install-recommends nginx`)');
  if (missing.length) {
    return {
      ok: false,
      message: `The tests need programs that are not installed:\n  - ${missing.join('\n  - ')}`,
    };
  }
  return { ok: true, chromium, ffmpeg, nginx };
}

/** Programs the native players' build and checks run, and the Debian package of each. */
const PLAYER_TOOLS = [
  ['mksquashfs', 'squashfs-tools'],
  ['unsquashfs', 'squashfs-tools'],
  ['gcc', 'gcc'],
  ['aarch64-linux-gnu-gcc', 'gcc-aarch64-linux-gnu libc6-dev-arm64-cross binutils-aarch64-linux-gnu'],
  ['qemu-aarch64-static', 'qemu-user-static'],
  ['wine', 'wine wine64'],
  ['Xvfb', 'xvfb'],
  ['java', 'default-jdk-headless'],
  ['apktool', 'apktool'],
  ['apksigner', 'apksigner'],
  ['zipalign', 'zipalign'],
  ['aapt', 'aapt'],
  ['dexdump', 'dexdump'],
  ['readelf', 'binutils'],
  ['unzip', 'unzip'],
];
const FRAMEWORK_RES = '/usr/share/android-framework-res/framework-res.apk';

/** What `npm run build:players` and the players' tests need; apt-installed when missing and possible. */
export function ensurePlayerTools() {
  const missing = () => {
    const packages = new Set();
    for (const [program, pkg] of PLAYER_TOOLS)
      if (!which(program)) for (const p of pkg.split(' ')) packages.add(p);
    if (!existsSync(FRAMEWORK_RES)) packages.add('android-framework-res');
    // Mounting an AppImage (the runtime unpacks it without).
    if (!which('squashfuse')) packages.add('squashfuse');
    return [...packages];
  };
  let packages = missing();
  if (packages.length && aptInstall(packages, ['--no-install-recommends'])) packages = missing();
  const required = packages.filter((p) => p !== 'squashfuse');
  if (required.length) {
    return {
      ok: false,
      message: `The native players need: sudo apt-get install --no-install-recommends ${required.join(' ')}`,
    };
  }
  return { ok: true };
}
