import type { Brand } from './constants.js';

/**
 * White-label brands (spec §1). Environments of the core product (default, local, dev-local, dev, stage)
 * share its identity; the `modern` brand is a white label. Title, logo, favicon, slogan and endpoints come
 * from here; deployment-specific endpoints (knowledge base, support chat, analytics, player downloads) come
 * from the server's configuration.
 */
export interface BrandIdentity {
  brand: Brand;
  /** The core product: Impressions, Knowledge base and the player download menu follow it (spec §2). */
  isCore: boolean;
  title: string;
  slogan: string;
  logoUrl: string;
  faviconUrl: string;
}

const core = {
  isCore: true,
  title: 'Vitrine',
  slogan: 'Digital signage you host yourself',
  logoUrl: '/brand/vitrine.svg',
  faviconUrl: '/favicon.svg',
};
const modern = {
  isCore: false,
  title: 'Modern Signage',
  slogan: 'Your screens, your message',
  logoUrl: '/brand/modern.svg',
  faviconUrl: '/brand/modern.svg',
};

export const BRAND_IDENTITIES: Record<Brand, BrandIdentity> = {
  default: { brand: 'default', ...core },
  local: { brand: 'local', ...core, title: 'Vitrine (local)' },
  'dev-local': { brand: 'dev-local', ...core, title: 'Vitrine (dev-local)' },
  dev: { brand: 'dev', ...core, title: 'Vitrine (dev)' },
  stage: { brand: 'stage', ...core, title: 'Vitrine (stage)' },
  modern: { brand: 'modern', ...modern },
  'modern-local': { brand: 'modern-local', ...modern, title: 'Modern Signage (local)' },
};

/** What GET /api/brand answers: the identity plus the endpoints this deployment configured. */
export interface BrandConfig extends BrandIdentity {
  knowledgeBaseUrl: string | null;
  supportEmail: string | null;
  /** Script of the support chat widget; shown only on the login, registration and root pages. */
  supportChatScriptUrl: string | null;
  /** Session analytics project; loaded only for users with isClarityEnabled. */
  clarityProjectId: string | null;
  /** Native player installers, when this deployment publishes them. */
  playerDownloads: Partial<Record<PlayerPlatform, string>>;
  /** The players this server built and serves: version, size and SHA-256 per platform (docs/players.md). */
  playerFiles: Partial<Record<PlayerPlatform, PlayerFileInfo>>;
}

/** A built player's file as the Player menu shows it. */
export interface PlayerFileInfo {
  file: string;
  version: string;
  size: number;
  sha256: string;
}

export const PLAYER_PLATFORMS = ['windows', 'linux', 'arm', 'android'] as const;
export type PlayerPlatform = (typeof PLAYER_PLATFORMS)[number];

/** Brand rules that narrow a role's permission keys (spec §2). */
export interface BrandRules {
  isCore: boolean;
  /** Logins that see Impressions outside the core brand. */
  impressionsManagers: readonly string[];
}
