import {
  AuthBody,
  EmailBody,
  LogoutBody,
  OkResponse,
  RecoverPassSubmitBody,
  RefreshBody,
  RegisterBody,
  TokenBody,
  TokenPair,
  UserInfo,
} from '@vitrine/core';
import type { FastifyRequest } from 'fastify';
import type { App, RouteContext } from '../../app-types.js';
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

const tags = ['session'];

export async function authRoutes(app: App, { services, config }: RouteContext): Promise<void> {
  const { auth, registration } = services;
  const publicForm = {
    access: 'public' as const,
    rateLimit: { max: config.publicFormRate, timeWindow: '1 minute' },
  };

  app.post(
    '/api/user/auth',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Sign in', body: AuthBody, response: { 200: TokenPair } },
    },
    async (request, reply) => {
      const { pair, deviceMark } = await auth.signIn(
        request.body.login,
        request.body.password,
        clientMeta(request),
      );
      reply.setCookie(DEVICE_COOKIE, deviceMark, {
        path: DEVICE_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        maxAge: 365 * 86_400,
      });
      return pair;
    },
  );

  app.post(
    '/api/user/refresh',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Rotate a refresh token', body: RefreshBody, response: { 200: TokenPair } },
    },
    async (request) => auth.refresh(request.body.refreshToken, clientMeta(request)),
  );

  app.post(
    '/api/user/logout',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Sign out', body: LogoutBody, response: { 200: OkResponse } },
    },
    async (request) => {
      await auth.logout(request.body?.refreshToken, request.caller);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/user/info',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'The signed-in user and their permission keys', response: { 200: UserInfo } },
    },
    async (request) => auth.info(requireCaller(request)),
  );

  app.post(
    '/api/user/register',
    {
      config: publicForm,
      schema: {
        tags,
        summary: 'Register a cabinet and its owner',
        body: RegisterBody,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await registration.register(request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/user/verify-email',
    {
      config: publicForm,
      schema: { tags, summary: 'Confirm an e-mail address', body: TokenBody, response: { 200: OkResponse } },
    },
    async (request) => {
      await registration.verifyEmail(request.body.token);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/user/resend-verification',
    {
      config: publicForm,
      schema: {
        tags,
        summary: 'Send the verification link again',
        body: EmailBody,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await registration.resendVerification(request.body.email);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/user/recover-pass',
    {
      config: publicForm,
      schema: {
        tags,
        summary: 'Mail a password recovery link',
        body: EmailBody,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await registration.recoverPass(request.body.email);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/user/recover-pass-submit',
    {
      config: publicForm,
      schema: {
        tags,
        summary: 'Set a new password from a recovery link',
        body: RecoverPassSubmitBody,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await registration.recoverPassSubmit(request.body.token, request.body.password);
      return { ok: true as const };
    },
  );
}
