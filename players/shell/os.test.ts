import { mkdtemp, readFile, rm, writeFile, chmod } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OsActions, systemRunner, wlrOutputs, type RunResult, type Runner } from './os.js';

/** The operating system as the tests meet it: each command recorded, answered as `answers` says. */
function recorder(answers: Record<string, Partial<RunResult>> = {}) {
  const calls: { argv: string[]; input?: string }[] = [];
  const runner: Runner = async (argv, options = {}) => {
    calls.push({ argv, ...(options.input !== undefined ? { input: options.input } : {}) });
    const answer = answers[argv.slice(0, 2).join(' ')] ?? answers[argv[0]!] ?? {};
    return { code: 0, stdout: '', stderr: '', ...answer };
  };
  return { runner, calls };
}

const NO_CEC = { 'cec-client': { code: 1, stdout: 'autodetect FAILED' } };
const linux = (runner: Runner, env: NodeJS.ProcessEnv = {}) =>
  new OsActions({ runner, os: 'linux', env, executable: '/home/kiosk/Vitrine Player.AppImage' });

describe('display power', () => {
  it('asks the TV over HDMI-CEC first, and stops there when it answers', async () => {
    const { runner, calls } = recorder({
      'cec-client': { stdout: 'opening a connection to the CEC adapter...' },
    });
    expect(await linux(runner, { DISPLAY: ':0' }).display(false)).toBe('cec');
    expect(calls).toEqual([{ argv: ['cec-client', '-s', '-d', '1'], input: 'standby 0\n' }]);
  });

  it("falls back to the X server's DPMS, and keeps the panel awake when it turns it on", async () => {
    const { runner, calls } = recorder(NO_CEC);
    const os = linux(runner, { DISPLAY: ':0' });
    expect(await os.display(false)).toBe('dpms');
    expect(await os.display(true)).toBe('dpms');
    expect(calls.map((c) => c.argv.join(' '))).toEqual([
      'cec-client -s -d 1',
      'xset dpms force off',
      'cec-client -s -d 1',
      'xset dpms force on',
      'xset s off',
      'xset -dpms',
    ]);
    expect(calls[2]!.input).toBe('on 0\n');
  });

  it("turns a Wayland compositor's outputs off and on", async () => {
    const listing = 'HDMI-A-1 "Samsung (HDMI-A-1)"\n  Enabled: yes\nHDMI-A-2 "Other"\n  Enabled: yes\n';
    expect(wlrOutputs(listing)).toEqual(['HDMI-A-1', 'HDMI-A-2']);
    const { runner, calls } = recorder({ ...NO_CEC, 'wlr-randr': { stdout: listing } });
    expect(await linux(runner, { WAYLAND_DISPLAY: 'wayland-0' }).display(false)).toBe('randr');
    expect(calls.slice(1).map((c) => c.argv.join(' '))).toEqual([
      'wlr-randr',
      'wlr-randr --output HDMI-A-1 --off',
      'wlr-randr --output HDMI-A-2 --off',
    ]);
  });

  it("uses Windows' monitor power message there", async () => {
    const { runner, calls } = recorder(NO_CEC);
    const os = new OsActions({ runner, os: 'win32', env: {}, executable: 'C:\\Vitrine\\player.exe' });
    expect(await os.display(false)).toBe('windows');
    expect(calls[1]!.argv[0]).toBe('powershell');
    expect(calls[1]!.argv.at(-1)).toContain('SendMessage(0xffff, 0x0112, 0xf170, 2)');
  });

  it('says none worked when nothing could', async () => {
    const { runner } = recorder({ ...NO_CEC, xset: { code: 1, stderr: 'unable to open display' } });
    expect(await linux(runner, { DISPLAY: ':0' }).display(false)).toBeNull();
    expect(await linux(recorder(NO_CEC).runner, {}).display(false)).toBeNull();
  });
});

describe('reboot and terminal', () => {
  it('reboots through systemd, and says why when it is refused', async () => {
    const { runner, calls } = recorder();
    await linux(runner).reboot();
    expect(calls[0]!.argv).toEqual(['systemctl', 'reboot']);
    const refused = recorder({ systemctl: { code: 1, stderr: 'Interactive authentication required.' } });
    await expect(linux(refused.runner).reboot()).rejects.toThrow('Interactive authentication required.');
    const windows = recorder();
    await new OsActions({ runner: windows.runner, os: 'win32', env: {}, executable: 'x' }).reboot();
    expect(windows.calls[0]!.argv).toEqual(['shutdown', '/r', '/t', '0']);
  });

  it("answers the diagnostic's output within the cabinet's 500 characters, with a failure's code", async () => {
    const { runner, calls } = recorder({ sh: { stdout: `${'x'.repeat(600)}\n` } });
    const output = await linux(runner).terminal();
    expect(output).toHaveLength(500);
    expect(calls[0]!.argv.slice(0, 2)).toEqual(['sh', '-c']);
    const failed = recorder({ sh: { code: 2, stdout: 'Linux 6.1', stderr: 'df: /: No such file' } });
    expect(await linux(failed.runner).terminal()).toBe('Linux 6.1\ndf: /: No such file\n(exit code 2)');
  });
});

describe('autostart', () => {
  let home: string;
  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'vitrine-autostart-'));
  });
  afterAll(() => rm(home, { recursive: true, force: true }));

  it('writes an XDG autostart entry that starts the AppImage, and removes it', async () => {
    const os = linux(recorder().runner, { XDG_CONFIG_HOME: home });
    await os.autostart(true);
    const entry = await readFile(join(home, 'autostart', 'vitrine-player.desktop'), 'utf8');
    expect(entry).toContain('Exec="/home/kiosk/Vitrine Player.AppImage"');
    await os.autostart(false);
    expect(existsSync(join(home, 'autostart', 'vitrine-player.desktop'))).toBe(false);
  });

  it('sets the Run key on Windows', async () => {
    const { runner, calls } = recorder();
    const os = new OsActions({ runner, os: 'win32', env: {}, executable: 'C:\\Vitrine\\player.exe' });
    await os.autostart(true);
    await os.autostart(false);
    expect(calls.map((c) => c.argv.slice(0, 5).join(' '))).toEqual([
      'reg add HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v Vitrine Player',
      'reg delete HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v Vitrine Player',
    ]);
    expect(calls[0]!.argv).toContain('"C:\\Vitrine\\player.exe"');
  });
});

describe('the system runner', () => {
  it('runs a program with its input, and answers 127 for one that is not there', async () => {
    const run = systemRunner({});
    expect(await run(['sh', '-c', 'cat; echo done >&2'], { input: 'standby 0\n' })).toEqual({
      code: 0,
      stdout: 'standby 0\n',
      stderr: 'done\n',
    });
    expect((await run(['no-such-program-here'])).code).toBe(127);
  });

  it('runs everything through VITRINE_OS_RUNNER when set (the tests record the OS this way)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vitrine-runner-'));
    const script = join(dir, 'record.sh');
    await writeFile(script, `#!/bin/sh\necho "recorded: $*"\n`);
    await chmod(script, 0o755);
    expect((await systemRunner({ VITRINE_OS_RUNNER: script })(['systemctl', 'reboot'])).stdout).toBe(
      'recorded: systemctl reboot\n',
    );
    await rm(dir, { recursive: true, force: true });
  });
});
