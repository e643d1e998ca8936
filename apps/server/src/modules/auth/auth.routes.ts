import { authApi } from '@vitrine/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../app-types.js';
import type { Config } from '../../config.js';
import type { AuthService } from './auth.service.js';
import type { BotCheckService } from '../botcheck/botcheck.service.js';
import type { RegistrationService } from './registration.service.js';
import type { UnlockService } from './unlock.service.js';
import { route } from '../../lib/route.js';
import { requireCaller } from '../../plugins/access.js';
import type { ClientMeta } from '../../lib/caller.js';

/** The cookie a browser keeps its device mark in, sent back only to sign-in. */
export const DEVICE_COOKIE = 'vitrine_device';
const DEVICE_COOKIE_PATH = '/api/user/auth';

export const clientMeta = (request: FastifyRequest): ClientMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  device: request.cookies[DEVICE_COOKIE] ?? null,
});

/** Keeps a browser's device mark in its cookie, sent back only to sign-in. */
function keepDeviceMark(request: FastifyRequest, reply: FastifyReply, mark: string): void {
  reply.setCookie(DEVICE_COOKIE, mark, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: 365 * 86_400,
  });
}

/** What the sign-in, sign-up and recovery routes use: their services and the public forms' rate. */
export interface AuthRoutesDeps {
  auth: AuthService;
  registration: RegistrationService;
  botCheck: Pick<BotCheckService, 'require'>;
  unlock: UnlockService;
  config: Pick<Config, 'publicFormRate'>;
}

export async function authRoutes(
  app: App,
  { auth, registration, botCheck, unlock, config }: AuthRoutesDeps,
): Promise<void> {
  route(app, authApi.auth, async (request, reply) => {
    const { pair, deviceMark } = await auth.signIn(
      request.body.login,
      request.body.password,
      clientMeta(request),
      request.body.code,
      request.body.botCheck,
    );
    keepDeviceMark(request, reply, deviceMark);
    return pair;
  });

  route(app, authApi.refresh, async (request) =>
    auth.refresh(request.body.refreshToken, clientMeta(request)),
  );

  route(app, authApi.logout, async (request) => {
    await auth.logout(request.body?.refreshToken, request.caller);
    return { ok: true as const };
  });

  route(app, authApi.info, async (request) => auth.info(requireCaller(request)));

  route(
    app,
    authApi.register,
    async (request) => {
      const { botCheck: solution, ...body } = request.body;
      await botCheck.require(solution, 'register', request.ip);
      await registration.register(body);
      return { ok: true as const };
    },
    { config: { rateLimit: { max: config.publicFormRate, timeWindow: '1 minute' } } },
  );

  route(
    app,
    authApi.verifyEmail,
    async (request) => {
      await registration.verifyEmail(request.body.token);
      return { ok: true as const };
    },
    { config: { rateLimit: { max: config.publicFormRate, timeWindow: '1 minute' } } },
  );

  route(
    app,
    authApi.resendVerification,
    async (request) => {
      await registration.resendVerification(request.body.email);
      return { ok: true as const };
    },
    { config: { rateLimit: { max: config.publicFormRate, timeWindow: '1 minute' } } },
  );

  route(
    app,
    authApi.recoverPass,
    async (request) => {
      await botCheck.require(request.body.botCheck, 'recover', request.ip);
      await registration.recoverPass(request.body.email);
      return { ok: true as const };
    },
    { config: { rateLimit: { max: config.publicFormRate, timeWindow: '1 minute' } } },
  );

  route(
    app,
    authApi.recoverPassSubmit,
    async (request) => {
      await registration.recoverPassSubmit(request.body.token, request.body.password);
      return { ok: true as const };
    },
    { config: { rateLimit: { max: config.publicFormRate, timeWindow: '1 minute' } } },
  );

  route(
    app,
    authApi.unlock,
    async (request) => {
      await unlock.request(request.body.login);
      return { ok: true as const };
    },
    { config: { rateLimit: { max: config.publicFormRate, timeWindow: '1 minute' } } },
  );

  route(
    app,
    authApi.unlockSubmit,
    async (request, reply) => {
      keepDeviceMark(request, reply, await unlock.submit(request.body.token));
      return { ok: true as const };
    },
    { config: { rateLimit: { max: config.publicFormRate, timeWindow: '1 minute' } } },
  );
}
