import type { z } from 'zod';
import { securityApi, type DisableTwoFaBody, type EnableTwoFaBody } from '@vitrine/core';
import { call } from '../../api/contract';

/** GET /api/user/get-twofa-subscription-code: a new secret, its address and its QR code. */
export const getTwoFaSubscription = () => call(securityApi.twofaSubscription);

/** POST /api/user/enable-twofa: the recovery codes, shown once. */
export const enableTwoFa = (body: EnableTwoFaBody) => call(securityApi.enableTwofa, { body });

/** POST /api/user/disable-twofa: a current code or the password. */
export const disableTwoFa = (body: z.output<typeof DisableTwoFaBody>) =>
  call(securityApi.disableTwofa, { body });

/** POST /api/user/regenerate-recovery-codes: new codes replace the old ones. */
export const regenerateRecoveryCodes = (body: z.output<typeof DisableTwoFaBody>) =>
  call(securityApi.recoveryCodes, { body });
