import { accessApi, accountApi, authApi, securityApi, type RouteContract } from '@vitrine/core';

/**
 * What a person may still call while their cabinet waits for them to turn two-factor on: who they are,
 * the security page (password, two-factor) and moving to another of their cabinets. Anything else answers
 * TWOFA_SETUP_REQUIRED (docs/security.md).
 */
const ALLOWED: RouteContract[] = [
  authApi.info,
  authApi.logout,
  accountApi.get,
  accountApi.patchPassword,
  securityApi.twofaSubscription,
  securityApi.enableTwofa,
  accessApi.cabinets,
  accessApi.switchCabinet,
];

const ALLOWED_PATHS = new Set(ALLOWED.map((contract) => contract.path));

/** Whether the route (its registered path) stays open to a person who must set up two-factor first. */
export const openDuringTwoFaSetup = (routePath: string): boolean => ALLOWED_PATHS.has(routePath);
