import { stat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  PLAYER_PLATFORMS,
  PlayerBuildManifest,
  type BrandConfig,
  type PlayerBuild,
  type PlayerDownload,
  type PlayerFileInfo,
  type PlayerPlatform,
} from '@vitrine/core';

/** Where a built player is downloaded from on this server. */
export const DOWNLOADS_PREFIX = '/downloads/';

interface Loaded {
  mtimeMs: number;
  builds: PlayerBuild[];
}

/**
 * The native players `npm run build:players` left in the build folder (docs/players.md): its
 * `manifest.json`, read again whenever it changes, and only the builds whose file is there at the size the
 * manifest says (a build half copied is not offered). No folder or no manifest: nothing is built, and the
 * Player menu offers only the `PLAYER_DOWNLOAD_*` addresses.
 */
export class PlayerBuilds {
  private loaded: Loaded | null = null;

  constructor(
    private readonly dir: string,
    private readonly log: (message: string, error?: unknown) => void = () => undefined,
  ) {}

  /** The builds on disk now. */
  async builds(): Promise<PlayerBuild[]> {
    const manifestPath = join(this.dir, 'manifest.json');
    const info = await stat(manifestPath).catch(() => null);
    if (!info?.isFile()) {
      this.loaded = null;
      return [];
    }
    if (this.loaded?.mtimeMs !== info.mtimeMs) this.loaded = await this.read(manifestPath, info.mtimeMs);
    return this.loaded.builds;
  }

  private async read(path: string, mtimeMs: number): Promise<Loaded> {
    let manifest: PlayerBuildManifest;
    try {
      manifest = PlayerBuildManifest.parse(JSON.parse(await readFile(path, 'utf8')));
    } catch (error) {
      this.log('player builds: manifest.json is not readable', error);
      return { mtimeMs, builds: [] };
    }
    const present = await Promise.all(
      manifest.builds.map(async (build) => {
        const file = await stat(join(this.dir, build.file)).catch(() => null);
        return file?.isFile() && file.size === build.size ? build : null;
      }),
    );
    // One build per platform: the first listed.
    const byPlatform = new Map<PlayerPlatform, PlayerBuild>();
    for (const build of present)
      if (build && !byPlatform.has(build.platform)) byPlatform.set(build.platform, build);
    return { mtimeMs, builds: [...byPlatform.values()] };
  }

  /** GET /api/player/downloads: each build with its address on this server. */
  async downloads(): Promise<PlayerDownload[]> {
    return (await this.builds()).map((build) => ({ ...build, url: `${DOWNLOADS_PREFIX}${build.file}` }));
  }

  /** The build a download address names, with its path on disk; null for any other name. */
  async file(name: string): Promise<{ build: PlayerBuild; path: string } | null> {
    const build = (await this.builds()).find((b) => b.file === name);
    return build ? { build, path: join(this.dir, build.file) } : null;
  }

  /**
   * The brand's player entries: the built ones, each with its size and digest, under the addresses the
   * deployment configured (a `PLAYER_DOWNLOAD_*` address wins over the build of its platform).
   */
  async brand(
    base: Pick<BrandConfig, 'playerDownloads'>,
  ): Promise<Pick<BrandConfig, 'playerDownloads' | 'playerFiles'>> {
    const playerDownloads: Partial<Record<PlayerPlatform, string>> = {};
    const playerFiles: Partial<Record<PlayerPlatform, PlayerFileInfo>> = {};
    const builds = new Map((await this.builds()).map((b) => [b.platform, b]));
    for (const platform of PLAYER_PLATFORMS) {
      const configured = base.playerDownloads[platform];
      const build = builds.get(platform);
      if (configured) playerDownloads[platform] = configured;
      else if (build) {
        playerDownloads[platform] = `${DOWNLOADS_PREFIX}${build.file}`;
        playerFiles[platform] = {
          file: build.file,
          version: build.version,
          size: build.size,
          sha256: build.sha256,
        };
      }
    }
    return { playerDownloads, playerFiles };
  }
}
