import { authApi } from '@vitrine/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../app-types.js';
import type { AuthService } from './auth.service.js';
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
export function keepDeviceMark(request: FastifyRequest, reply: FastifyReply, mark: string): void {
  reply.setCookie(DEVICE_COOKIE, mark, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: 365 * 86_400,
  });
}

/** Sign-in, token rotation, sign-out and who is signed in. */
export async function authRoutes(app: App, { auth }: { auth: AuthService }): Promise<void> {
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
}
