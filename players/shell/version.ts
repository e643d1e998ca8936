/** The shell's version (the server's, set by the build) and the platform it runs on. */
import { PLAYER_PLATFORMS, type PlayerPlatform } from '@vitrine/core';

declare const __SHELL_VERSION__: string | undefined;

export const VERSION: string = typeof __SHELL_VERSION__ === 'string' ? __SHELL_VERSION__ : '0.0.0-dev';

/** The download this shell is: Windows x64, Linux x86_64, or Linux aarch64 (`arm`). */
export function platformOf(
  os: NodeJS.Platform = process.platform,
  arch: string = process.arch,
): PlayerPlatform {
  if (os === 'win32') return 'windows';
  return arch === 'arm64' ? 'arm' : 'linux';
}

export const isPlatform = (value: unknown): value is PlayerPlatform =>
  PLAYER_PLATFORMS.includes(value as PlayerPlatform);
