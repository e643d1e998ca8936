// Chromium (browser tests), ffmpeg (media probing) and nginx (the reverse proxy the deploy tests run in
// front of two server processes, docs/deploying/nginx.conf) come from Debian's packages. When one is missing
// we install it through apt if we can; otherwise we say what to install.
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
