import { z } from 'zod';
import { BRANDS } from '../constants.js';

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
});
