/**
 * External sign-in with an OpenID Connect provider (spec §4, §7): authorization code flow with PKCE,
 * state and nonce; scopes openid, profile, email and offline access; the provider returns to /login.
 */
import { z } from 'zod';
import { text } from '../schemas/common.js';

export const OIDC_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;

/** Whether a provider is configured, and the name its button shows. */
export const OidcProvider = z.object({
  name: z.string().nullable(),
  /** New people may register through the provider (OIDC_REGISTRATION). */
  registration: z.boolean().optional(),
});
/** The signed-in person's link to the provider (the security page). */
export const OidcIdentity = z.object({ linked: z.boolean(), email: z.string().nullable() });
export type OidcIdentity = z.infer<typeof OidcIdentity>;
/** Where to send the browser: the provider's authorization page, with state, nonce and the PKCE challenge. */
export const OidcStart = z.object({ url: z.string(), state: z.string() });
/** What the provider sent back to /login. */
export const OidcCallbackBody = z.strictObject({
  code: text(2000, { min: 1 }),
  state: text(200, { min: 1 }),
  iss: text(500).optional(),
});
export type OidcCallbackBody = z.infer<typeof OidcCallbackBody>;
/**
 * The outcome: signed in (a token pair), linked to the signed-in account, or ignored (a state that does not
 * match one this server started: spec §4, the callback is silently ignored).
 */
export const OidcResult = z.object({
  status: z.enum(['signedIn', 'linked', 'ignored']),
  token: z.string().optional(),
  refreshToken: z.string().optional(),
});
export type OidcResult = z.infer<typeof OidcResult>;
