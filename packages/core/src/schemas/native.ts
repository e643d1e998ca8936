import { z } from 'zod';
import { PLAYER_PLATFORMS } from '../brands.js';

/**
 * One native player built by `npm run build:players` (docs/players.md): its platform, file name in the
 * build folder, version (the server's), size in bytes and SHA-256 (hex). The build writes a list of them to
 * `manifest.json`; the server serves the files it names and nothing else.
 */
export const PlayerBuild = z.object({
  platform: z.enum(PLAYER_PLATFORMS),
  file: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/),
  version: z.string().min(1).max(50),
  size: z.number().int().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type PlayerBuild = z.infer<typeof PlayerBuild>;

/** `manifest.json` in the build folder. */
export const PlayerBuildManifest = z.object({
  version: z.string(),
  builtAt: z.string(),
  builds: z.array(PlayerBuild),
});
export type PlayerBuildManifest = z.infer<typeof PlayerBuildManifest>;

/** A build as the server offers it: where to download it (on this server, `/downloads/<file>`). */
export const PlayerDownload = PlayerBuild.extend({ url: z.string() });
export type PlayerDownload = z.infer<typeof PlayerDownload>;

/** GET /api/player/downloads: the native players this server serves; the shells update from it. */
export const PlayerDownloads = z.object({ items: z.array(PlayerDownload) });
export type PlayerDownloads = z.infer<typeof PlayerDownloads>;
