import { IdParams, OkResponse } from '../schemas/common.js';
import {
  DisableTwoFaBody,
  EnableTwoFaBody,
  RecoveryCodes,
  ResetTwoFaBody,
  TwoFaSubscription,
} from '../security/twofa.js';
import { defineRoute, defineRoutes } from './route.js';

/** Two-factor sign-in (spec §4, §7; docs/security.md): the account security key of spec §6. */
export const securityApi = defineRoutes({
  twofaSubscription: defineRoute({
    method: 'GET',
    path: '/api/user/get-twofa-subscription-code',
    access: 'account.security',
    summary: 'A new two-factor secret, its otpauth:// address and QR code, to confirm with enable-twofa',
    tags: ['security'],
    response: TwoFaSubscription,
  }),
  enableTwofa: defineRoute({
    method: 'POST',
    path: '/api/user/enable-twofa',
    access: 'account.security',
    summary: 'Turn two-factor on with the secret shown and a code from the app; answers recovery codes once',
    tags: ['security'],
    body: EnableTwoFaBody,
    response: RecoveryCodes,
  }),
  disableTwofa: defineRoute({
    method: 'POST',
    path: '/api/user/disable-twofa',
    access: 'account.security',
    summary: 'Turn two-factor off with a current code or the password',
    tags: ['security'],
    body: DisableTwoFaBody,
    response: OkResponse,
  }),
  recoveryCodes: defineRoute({
    method: 'POST',
    path: '/api/user/regenerate-recovery-codes',
    access: 'account.security',
    summary: 'Replace the recovery codes (a current code or the password); answers the new ones once',
    tags: ['security'],
    body: DisableTwoFaBody,
    response: RecoveryCodes,
  }),
  resetTwofa: defineRoute({
    method: 'POST',
    path: '/api/user/reset-twofa/:id',
    access: 'user.route',
    summary: "Platform admin: turn a person's two-factor off, with the reason recorded",
    tags: ['security'],
    params: IdParams,
    body: ResetTwoFaBody,
    response: OkResponse,
  }),
});
