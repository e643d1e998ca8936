/**
 * The shell's one boundary with the operating system: every outside program it runs (reboot, the
 * diagnostic command, HDMI-CEC, display power, the Windows registry) goes through a Runner. The real runner
 * starts the program; with `VITRINE_OS_RUNNER` set to a program, that program is started instead with the
 * whole command as its arguments (the tests' recorder, docs/players.md).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ACK_MESSAGE_MAX, type DisplayMethod } from '@vitrine/core';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}
export type Runner = (argv: string[], options?: { input?: string; timeoutMs?: number }) => Promise<RunResult>;

const OUTPUT_MAX = 64 * 1024;

/** Runs programs for real (or through `VITRINE_OS_RUNNER`); a missing program answers code 127. */
export function systemRunner(env: NodeJS.ProcessEnv = process.env): Runner {
  const wrapper = env.VITRINE_OS_RUNNER || null;
  return (argv, options = {}) =>
    new Promise((resolve) => {
      const [command, ...args] = wrapper ? [wrapper, ...argv] : argv;
      let stdout = '';
      let stderr = '';
      const child = spawn(command!, args, { stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
      const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
      child.stdout
        .setEncoding('utf8')
        .on('data', (t: string) => (stdout = (stdout + t).slice(0, OUTPUT_MAX)));
      child.stderr
        .setEncoding('utf8')
        .on('data', (t: string) => (stderr = (stderr + t).slice(0, OUTPUT_MAX)));
      child.stdin.on('error', () => undefined);
      child.stdin.end(options.input ?? '');
      child.once('error', (error) => {
        clearTimeout(timer);
        resolve({ code: 127, stdout, stderr: stderr || error.message });
      });
      child.once('close', (code) => {
        clearTimeout(timer);
        resolve({ code: code ?? 1, stdout, stderr });
      });
    });
}

/** The diagnostic command of "Open terminal": what the device is, how long it runs, its disk and memory. */
const LINUX_DIAGNOSTIC = 'uname -srm; uptime; df -h / | tail -n 1; free -m | sed -n 2p';
const WINDOWS_DIAGNOSTIC =
  '$o = Get-CimInstance Win32_OperatingSystem; "$($o.Caption) $($o.Version)"; "Up since $($o.LastBootUpTime)"; ' +
  '"Free memory $([math]::Round($o.FreePhysicalMemory / 1024)) MB"; ' +
  'Get-PSDrive C | ForEach-Object { "C: $([math]::Round($_.Free / 1GB, 1)) GB free" }';

/** Windows' monitor power message (SC_MONITORPOWER): 2 is off, -1 is on. */
const monitorPower = (value: number) =>
  `(Add-Type -MemberDefinition '[DllImport("user32.dll")] public static extern int SendMessage(int h, int m, int w, int l);' ` +
  `-Name Power -Namespace Vitrine -PassThru)::SendMessage(0xffff, 0x0112, 0xf170, ${value}) | Out-Null`;

const WINDOWS_RUN_KEY = 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run';

/** cec-client found and talking to an adapter: the TV took the command. */
const cecWorked = (r: RunResult) =>
  r.code === 0 &&
  !/(could not|failed|unable|no (device|adapter)|not found)/i.test(`${r.stdout}\n${r.stderr}`);

/** Outputs `wlr-randr` lists: lines that start with a name. */
export function wlrOutputs(listing: string): string[] {
  return listing
    .split('\n')
    .filter((line) => /^\S/.test(line))
    .map((line) => line.split(/\s+/)[0]!)
    .filter(Boolean);
}

export interface OsOptions {
  runner: Runner;
  os: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** What autostart starts: the AppImage file or the exe. */
  executable: string;
}

export class OsActions {
  constructor(private readonly options: OsOptions) {}

  private run(argv: string[], input?: string, timeoutMs?: number): Promise<RunResult> {
    return this.options.runner(argv, {
      ...(input !== undefined ? { input } : {}),
      ...(timeoutMs ? { timeoutMs } : {}),
    });
  }

  private get windows(): boolean {
    return this.options.os === 'win32';
  }

  /** Asks the system to reboot now; throws with its reason when it refuses. */
  async reboot(): Promise<void> {
    const result = await this.run(this.windows ? ['shutdown', '/r', '/t', '0'] : ['systemctl', 'reboot']);
    if (result.code !== 0)
      throw new Error(`Reboot refused: ${(result.stderr || result.stdout).trim() || `code ${result.code}`}`);
  }

  /** The diagnostic command's output (and its failure's, if it failed), within the cabinet's limit. */
  async terminal(): Promise<string> {
    const argv = this.windows
      ? ['powershell', '-NoProfile', '-NonInteractive', '-Command', WINDOWS_DIAGNOSTIC]
      : ['sh', '-c', LINUX_DIAGNOSTIC];
    const result = await this.run(argv, undefined, 20_000);
    const text = [result.stdout.trim(), result.stderr.trim()].filter(Boolean).join('\n');
    const output = result.code === 0 ? text : `${text}\n(exit code ${result.code})`.trim();
    return output.slice(0, ACK_MESSAGE_MAX);
  }

  /**
   * Turns the panel on or off: HDMI-CEC first (the TV itself), else the platform's display power (Windows'
   * monitor message; X11's DPMS; a Wayland compositor's outputs). Turning on also wakes the signal, whatever
   * CEC did. Answers the method that worked; null when none did.
   */
  async display(on: boolean): Promise<DisplayMethod | null> {
    const cec = await this.run(['cec-client', '-s', '-d', '1'], on ? 'on 0\n' : 'standby 0\n', 15_000);
    const viaCec = cecWorked(cec);
    if (viaCec && !on) return 'cec';
    const platform = await this.platformDisplay(on);
    return viaCec ? 'cec' : platform;
  }

  private async platformDisplay(on: boolean): Promise<DisplayMethod | null> {
    const { env } = this.options;
    if (this.windows) {
      const r = await this.run([
        'powershell',
        '-NoProfile',
        '-NonInteractive',
        '-Command',
        monitorPower(on ? -1 : 2),
      ]);
      return r.code === 0 ? 'windows' : null;
    }
    if (env.WAYLAND_DISPLAY) {
      const listing = await this.run(['wlr-randr']);
      const outputs = listing.code === 0 ? wlrOutputs(listing.stdout) : [];
      let done = false;
      for (const output of outputs) {
        const r = await this.run(['wlr-randr', '--output', output, on ? '--on' : '--off']);
        done ||= r.code === 0;
      }
      if (done) return 'randr';
    }
    if (env.DISPLAY) {
      const r = await this.run(['xset', 'dpms', 'force', on ? 'on' : 'off']);
      if (on && r.code === 0) {
        // Awake again, and kept so: no screen saver, no DPMS timeout.
        await this.run(['xset', 's', 'off']);
        await this.run(['xset', '-dpms']);
      }
      if (r.code === 0) return 'dpms';
    }
    return null;
  }

  /** Starts the player at login (Linux: an XDG autostart entry; Windows: the Run key), or no longer. */
  async autostart(enabled: boolean): Promise<void> {
    const exe = this.options.executable;
    if (this.windows) {
      const argv = enabled
        ? ['reg', 'add', WINDOWS_RUN_KEY, '/v', 'Vitrine Player', '/t', 'REG_SZ', '/d', `"${exe}"`, '/f']
        : ['reg', 'delete', WINDOWS_RUN_KEY, '/v', 'Vitrine Player', '/f'];
      const r = await this.run(argv);
      // Deleting what is not there is no failure.
      if (r.code !== 0 && enabled) throw new Error(`The Run key was not written: ${r.stderr.trim()}`);
      return;
    }
    const dir = join(this.options.env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'autostart');
    const file = join(dir, 'vitrine-player.desktop');
    if (!enabled) {
      rmSync(file, { force: true });
      return;
    }
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      file,
      [
        '[Desktop Entry]',
        'Type=Application',
        'Name=Vitrine Player',
        `Exec="${exe.replace(/(["`$\\])/g, '\\$1')}"`,
        'X-GNOME-Autostart-enabled=true',
        'NoDisplay=true',
        '',
      ].join('\n'),
    );
  }
}
