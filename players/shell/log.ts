/** The shell's log: standard error, and a file beside the configuration (rotated at 1 MB). */
import { appendFileSync, renameSync, statSync } from 'node:fs';

const MAX_BYTES = 1024 * 1024;

export interface Log {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export function createLog(file: string | null): Log {
  let written = 0;
  const write = (level: string, message: string) => {
    const line = `${new Date().toISOString()} ${level} ${message}\n`;
    process.stderr.write(line);
    if (!file) return;
    try {
      if (written === 0) written = statSync(file, { throwIfNoEntry: false })?.size ?? 0;
      if (written > MAX_BYTES) {
        renameSync(file, `${file}.1`);
        written = 0;
      }
      appendFileSync(file, line);
      written += Buffer.byteLength(line);
    } catch {
      // A full or read-only disk must not stop the screen.
    }
  };
  return {
    info: (m) => write('info', m),
    warn: (m) => write('warn', m),
    error: (m) => write('error', m),
  };
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}
