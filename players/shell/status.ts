/**
 * `status.json` beside the configuration: what the shell is doing (its process, browser, restarts, the
 * page's last report). People read it when troubleshooting; an update's handover reads it to see the new
 * shell healthy (update.ts).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

export interface ShellStatus {
  pid: number;
  version: string;
  platform: string;
  startedAt: string;
  browser: string | null;
  browserPid: number | null;
  server: string | null;
  /** Browser starts after the first. */
  restarts: number;
  /** When the page last reported, and what it said. */
  lastReportAt: string | null;
  lastReport: Record<string, unknown> | null;
  /** The page has reported since this shell started: it works. */
  healthy: boolean;
  display: 'on' | 'off' | null;
}

export function writeStatus(file: string, status: ShellStatus): void {
  try {
    writeFileSync(`${file}.tmp`, `${JSON.stringify(status, null, 2)}\n`);
    renameSync(`${file}.tmp`, file);
  } catch {
    // Troubleshooting aid only.
  }
}

export function readStatus(file: string): ShellStatus | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ShellStatus;
  } catch {
    return null;
  }
}
