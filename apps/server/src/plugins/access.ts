import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { can, effectiveScope, isPermissionKey, type Access, type BrandRules } from '@vitrine/core';
import type { Caller, DeviceCaller } from '../lib/caller.js';
import { AppError } from '../lib/errors.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import { openDuringTwoFaSetup } from '../modules/security/twofa-setup.js';

/** What a route demands of its caller: declared by its contract (packages/core/src/contract/route.ts). */
export type { Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    caller: Caller | null;
    device: DeviceCaller | null;
  }
}

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The screen calling, or 401. */
export function requireDevice(request: FastifyRequest): DeviceCaller {
  if (!request.device) throw new AppError('UNAUTHORIZED');
  return request.device;
}

/** The caller, or 401 for a route that needs one. */
export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError('UNAUTHORIZED');
  return request.caller;
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  /** The route's schemas (zod): what it takes and answers. */
  schema?: FastifySchema;
}

/**
 * Resolves the caller from the bearer token and enforces the route's declared access before the body is
 * even parsed, so an unauthorised request learns nothing from validation messages.
 */
export const accessPlugin = fp<{
  auth: AuthService;
  devices: { authenticateDevice(token: string): Promise<DeviceCaller | null> };
  brandRules: BrandRules;
  registry?: RouteAccess[];
}>(async (app: FastifyInstance, { auth, devices, brandRules, registry }) => {
  app.decorateRequest('caller', null);
  app.decorateRequest('device', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registry?.push({ method, url: route.url, access, schema: route.schema ?? {} });
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    if (access === 'device') {
      // Browsers cannot put a header on a websocket: the player's socket sends its token as ?token=.
      const query = request.query as { token?: unknown } | undefined;
      const token = bearerOf(request) ?? (typeof query?.token === 'string' ? query.token : undefined);
      request.device = token ? await devices.authenticateDevice(token) : null;
      if (!request.device) {
        // A refused websocket upgrade is answered over the raw socket, which nothing else would close:
        // close it once the 401 is out, or refused players retrying would pile up open sockets.
        if (request.headers.upgrade) reply.raw.once('finish', () => request.raw.socket.destroy());
        throw new AppError('UNAUTHORIZED');
      }
      return;
    }
    const bearer = bearerOf(request);
    let expired = false;
    if (bearer) {
      const result = await auth.authenticate(bearer);
      if ('caller' in result) request.caller = result.caller;
      else expired = result.error === 'expired';
    }
    if (access === 'public') return;
    if (!request.caller) throw new AppError(expired ? 'TOKEN_EXPIRED' : 'UNAUTHORIZED');
    if (request.caller.twoFaSetupRequired && !openDuringTwoFaSetup(request.routeOptions.url ?? '')) {
      throw new AppError('TWOFA_SETUP_REQUIRED');
    }
    if (access !== 'user') {
      const { role, login } = request.caller;
      const holds = isPermissionKey(access)
        ? effectiveScope(role, login, brandRules).includes(access)
        : can(role, access);
      if (!holds) throw new AppError('FORBIDDEN');
    }
  });
});
