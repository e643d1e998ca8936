import { z } from 'zod';
import { BRANDS } from '../constants.js';
import { PlayerBuild } from './native.js';

/**
 * The map of the screens' locations. No tile source (tileUrl null): the web app draws the world map it
 * bundles, so no request leaves the server. tileUrl is an XYZ template, remote (https://…/{z}/{x}/{y}.png)
 * or on this server (/tiles/{z}/{x}/{y}.webp for MAP_TILES_DIR).
 */
export const MapConfigSchema = z.object({
  tileUrl: z.string().nullable(),
  /** Plain text shown in the map's corner (the tiles' licence asks for it). */
  attribution: z.string().nullable(),
  /** The deepest zoom level the tile source has; the map scales it up beyond. */
  maxNativeZoom: z.number().int().min(0).max(22),
});
export type MapConfig = z.infer<typeof MapConfigSchema>;

const PlayerFile = PlayerBuild.pick({ file: true, version: true, size: true, sha256: true });

export const BrandConfigSchema = z.object({
  brand: z.enum(BRANDS),
  isCore: z.boolean(),
  title: z.string(),
  slogan: z.string(),
  logoUrl: z.string(),
  faviconUrl: z.string(),
  knowledgeBaseUrl: z.string().nullable(),
  supportEmail: z.string().nullable(),
  supportChatScriptUrl: z.string().nullable(),
  clarityProjectId: z.string().nullable(),
  playerDownloads: z.object({
    windows: z.string().optional(),
    linux: z.string().optional(),
    arm: z.string().optional(),
    android: z.string().optional(),
  }),
  /**
   * The players this server built and serves (`npm run build:players`, docs/players.md): version, size and
   * SHA-256 per platform, for the Player menu. A platform whose `PLAYER_DOWNLOAD_*` address overrides the
   * build is not in it.
   */
  playerFiles: z.object({
    windows: PlayerFile.optional(),
    linux: PlayerFile.optional(),
    arm: PlayerFile.optional(),
    android: PlayerFile.optional(),
  }),
  map: MapConfigSchema.optional(),
});
