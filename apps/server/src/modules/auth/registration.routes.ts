import { authApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { Config } from '../../config.js';
import { route } from '../../lib/route.js';
import type { BotCheckService } from '../botcheck/botcheck.service.js';
import { keepDeviceMark } from './auth.routes.js';
import type { RegistrationService } from './registration.service.js';
import type { UnlockService } from './unlock.service.js';

/** What the public forms of sign-up, recovery and unlocking use: their services and the forms' rate. */
export interface RegistrationRoutesDeps {
  registration: RegistrationService;
  botCheck: Pick<BotCheckService, 'require'>;
  unlock: UnlockService;
  config: Pick<Config, 'publicFormRate'>;
}

/** Sign-up and its e-mail check, password recovery, and unlocking an account: public forms, rate-limited. */
export async function registrationRoutes(
  app: App,
  { registration, botCheck, unlock, config }: RegistrationRoutesDeps,
): Promise<void> {
  const limited = { config: { rateLimit: { max: config.publicFormRate, timeWindow: '1 minute' } } };

  route(
    app,
    authApi.register,
    async (request) => {
      const { botCheck: solution, ...body } = request.body;
      await botCheck.require(solution, 'register', request.ip);
      await registration.register(body);
      return { ok: true as const };
    },
    limited,
  );

  route(
    app,
    authApi.verifyEmail,
    async (request) => {
      await registration.verifyEmail(request.body.token);
      return { ok: true as const };
    },
    limited,
  );

  route(
    app,
    authApi.resendVerification,
    async (request) => {
      await registration.resendVerification(request.body.email);
      return { ok: true as const };
    },
    limited,
  );

  route(
    app,
    authApi.recoverPass,
    async (request) => {
      await botCheck.require(request.body.botCheck, 'recover', request.ip);
      await registration.recoverPass(request.body.email);
      return { ok: true as const };
    },
    limited,
  );

  route(
    app,
    authApi.recoverPassSubmit,
    async (request) => {
      await registration.recoverPassSubmit(request.body.token, request.body.password);
      return { ok: true as const };
    },
    limited,
  );

  route(
    app,
    authApi.unlock,
    async (request) => {
      await unlock.request(request.body.login);
      return { ok: true as const };
    },
    limited,
  );

  route(
    app,
    authApi.unlockSubmit,
    async (request, reply) => {
      keepDeviceMark(request, reply, await unlock.submit(request.body.token));
      return { ok: true as const };
    },
    limited,
  );
}
