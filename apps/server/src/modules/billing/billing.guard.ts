import type { FastifyRequest } from 'fastify';
import type { RouteBilling } from '@vitrine/core';
import { AppError } from '../../lib/errors.js';
import type { BillingPolicy } from './policy.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route costs in billing terms (its contract's `billing`): checked by the guard. */
    billing?: RouteBilling;
  }
}

/** Reading, signing in and out and removing stay possible in a locked cabinet (docs/billing.md). */
const READ_OR_REMOVE = new Set(['GET', 'HEAD', 'DELETE']);

/**
 * The one place billing refuses requests, after the access check (docs/billing.md, "Lock"):
 * - a route whose contract says `billing` is checked against the cabinet's state and tariff;
 * - a cabinet the platform admin blocked may only read its own billing (and who it is).
 * A route that adds a screen is answered early here; `ScreenDays.addScreen` checks again under the
 * cabinet's lock and charges the screen's day in the transaction that makes it.
 */
export function billingGuard(policy: BillingPolicy) {
  const onRequest = async (request: FastifyRequest): Promise<void> => {
    const caller = request.caller;
    if (!caller) return;
    const config = request.routeOptions.config;
    const kind = config.billing;
    if (kind && !READ_OR_REMOVE.has(request.method)) {
      await policy.guard(caller.cabinetId, kind);
      return;
    }
    if (config.access === 'user' || config.access === 'public' || config.access === 'device') return;
    if (request.method === 'GET' && request.routeOptions.url?.startsWith('/api/funds')) return;
    if (await policy.isBlocked(caller.cabinetId)) throw new AppError('CABINET_BLOCKED');
  };
  return { onRequest };
}
