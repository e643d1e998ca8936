import { z } from 'zod';
import { BRANDS } from '../constants.js';

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
  map: MapConfigSchema.optional(),
});
