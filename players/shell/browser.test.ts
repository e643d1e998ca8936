import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserArgs, findBrowser, markCleanExit } from './browser.js';

describe('the kiosk browser', () => {
  it("is the one VITRINE_BROWSER names, else the system's Chromium, else none", () => {
    const has = (paths: string[]) => (path: string) => paths.includes(path);
    expect(findBrowser({ VITRINE_BROWSER: '/opt/b' }, 'linux', has(['/opt/b']))).toBe('/opt/b');
    expect(findBrowser({ VITRINE_BROWSER: '/opt/b' }, 'linux', has([]))).toBeNull();
    expect(
      findBrowser({ PATH: '/usr/local/bin:/usr/bin' }, 'linux', has(['/usr/bin/chromium-browser'])),
    ).toBe('/usr/bin/chromium-browser');
    expect(findBrowser({ PATH: '/usr/bin' }, 'linux', has([]))).toBeNull();
  });

  it('is Edge on Windows', () => {
    const edge = join('C:\\Program Files (x86)', 'Microsoft', 'Edge', 'Application', 'msedge.exe');
    expect(findBrowser({ 'ProgramFiles(x86)': 'C:\\Program Files (x86)' }, 'win32', (p) => p === edge)).toBe(
      edge,
    );
  });

  it('starts in kiosk mode with the debugging pipe, media that plays, and no sandbox only as root', () => {
    const args = browserArgs({ browser: '/usr/bin/chromium', profile: '/p', extra: ['--disable-gpu'] });
    expect(args).toEqual(
      expect.arrayContaining(['--remote-debugging-pipe', '--kiosk', '--user-data-dir=/p']),
    );
    expect(args).toContain('--autoplay-policy=no-user-gesture-required');
    expect(args).not.toContain('--no-sandbox');
    expect(args.slice(-2)).toEqual(['--disable-gpu', 'about:blank']);
    expect(browserArgs({ browser: '/usr/bin/chromium', profile: '/p', root: true })).toContain(
      '--no-sandbox',
    );
    expect(browserArgs({ browser: 'C:\\Edge\\msedge.exe', profile: 'p' })).toContain(
      '--edge-kiosk-type=fullscreen',
    );
  });

  it('offers no session restore after a power cut', async () => {
    const profile = await mkdtemp(join(tmpdir(), 'vitrine-profile-'));
    await mkdir(join(profile, 'Default'));
    const prefs = join(profile, 'Default', 'Preferences');
    await writeFile(
      prefs,
      JSON.stringify({ profile: { exit_type: 'Crashed', exited_cleanly: false, name: 'k' } }),
    );
    markCleanExit(profile);
    expect(JSON.parse(await readFile(prefs, 'utf8'))).toEqual({
      profile: { exit_type: 'Normal', exited_cleanly: true, name: 'k' },
    });
    markCleanExit(join(profile, 'none'));
    await rm(profile, { recursive: true, force: true });
  });
});
