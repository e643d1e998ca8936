import { securityApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { TwoFaService } from './twofa.service.js';
import { route } from '../../lib/route.js';
import { requireCaller } from '../../plugins/access.js';

/** Two-factor routes (spec §7): thin, the rules are TwoFaService's. */
export async function securityRoutes(app: App, { twofa }: { twofa: TwoFaService }): Promise<void> {
  route(app, securityApi.twofaSubscription, async (request) => twofa.subscription(requireCaller(request)));

  route(app, securityApi.enableTwofa, async (request) => ({
    codes: await twofa.enable(requireCaller(request), request.body),
  }));

  route(app, securityApi.disableTwofa, async (request) => {
    await twofa.disable(requireCaller(request), request.body);
    return { ok: true as const };
  });

  route(app, securityApi.recoveryCodes, async (request) => ({
    codes: await twofa.regenerate(requireCaller(request), request.body),
  }));

  route(app, securityApi.resetTwofa, async (request) => {
    await twofa.reset(requireCaller(request), request.params.id, request.body.reason);
    return { ok: true as const };
  });
}
