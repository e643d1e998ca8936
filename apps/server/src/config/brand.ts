import { BRAND_IDENTITIES } from '@vitrine/core';
import type { EnvValues } from './env.js';
import { mapConfig } from './map.js';
import type { Config } from './types.js';

/** What GET /api/brand answers: the brand's identity, its support links, player downloads and the map. */
export function brandConfig(e: EnvValues, tilesDir: string | undefined): Config['brandConfig'] {
  return {
    ...BRAND_IDENTITIES[e.BRAND],
    knowledgeBaseUrl: e.KNOWLEDGE_BASE_URL ?? null,
    supportEmail: e.SUPPORT_EMAIL ?? null,
    supportChatScriptUrl: e.SUPPORT_CHAT_SCRIPT_URL ?? null,
    clarityProjectId: e.CLARITY_PROJECT_ID ?? null,
    playerDownloads: {
      ...(e.PLAYER_DOWNLOAD_WINDOWS ? { windows: e.PLAYER_DOWNLOAD_WINDOWS } : {}),
      ...(e.PLAYER_DOWNLOAD_LINUX ? { linux: e.PLAYER_DOWNLOAD_LINUX } : {}),
      ...(e.PLAYER_DOWNLOAD_ARM ? { arm: e.PLAYER_DOWNLOAD_ARM } : {}),
      ...(e.PLAYER_DOWNLOAD_ANDROID ? { android: e.PLAYER_DOWNLOAD_ANDROID } : {}),
    },
    playerFiles: {},
    map: mapConfig(e, tilesDir),
  };
}

/** The brand's rules: whether it is the core product, and who manages impressions. */
export function brandRules(e: EnvValues): Config['brandRules'] {
  return {
    isCore: BRAND_IDENTITIES[e.BRAND].isCore,
    impressionsManagers: e.IMPRESSIONS_MANAGER_LOGINS.split(',')
      .map((l) => l.trim())
      .filter(Boolean),
  };
}
