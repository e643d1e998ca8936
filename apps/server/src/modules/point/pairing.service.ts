import { randomBytes } from 'node:crypto';
import {
  PAIRING_TTL_SECONDS,
  POINT_MESSAGES,
  isPairingCode,
  isTimeZone,
  normalizePairingCode,
  pairingCode,
  type Point,
} from '@vitrine/core';
import type { Repositories } from '../../db/repositories.js';
import type { Caller, DeviceCaller } from '../../lib/caller.js';
import { AppError } from '../../lib/errors.js';
import type { FailureRule, FailureThrottle } from '../../lib/throttle.js';
import { sha256 } from '../../lib/tokens.js';
import type { DeviceTokens } from './device-tokens.js';
import type { PointService } from './point.service.js';
import type { AddScreen } from '../billing/index.js';

export interface PairingServiceDeps {
  repos: Repositories;
  /** Makes the new screen under billing's lock, limit and charge. */
  addScreen: AddScreen;
  /** Wrong pairing codes, counted per person. */
  throttle: FailureThrottle;
  /** Wrong codes one person may type in 10 minutes. */
  bindFailures: number;
  /** The new screen, as the screens' calls answer it. */
  points: Pick<PointService, 'get'>;
  /** Device tokens' screens, kept in memory and forgotten when the database announces it. */
  devices: Pick<DeviceTokens, 'callerOf' | 'forget'>;
  clock?: () => Date;
}

export const DEVICE_TOKEN_PREFIX = 'vtd_';
/** A pairing code bound by someone else while this bind ran (rolls the bind back). */
const CODE_TAKEN = Symbol('code taken');

/**
 * Pairing (spec §7 player calls): an unpaired player shows a code, an operator types it and a screen is
 * made in their cabinet, the player collects its device token; and the device token's check on each of the
 * player's own calls.
 */
export class PairingService {
  private readonly clock: () => Date;

  constructor(private readonly deps: PairingServiceDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  /** An unpaired player asks for a code; it keeps its device key and asks again when the code expires. */
  async pair(deviceKey: string): Promise<{ code: string; expiresAt: string }> {
    const now = this.clock();
    await this.deps.repos.pairings.platformRemoveExpiredPairings(now);
    const expiresAt = new Date(now.getTime() + PAIRING_TTL_SECONDS * 1000);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const code = pairingCode(randomBytes(32));
      if (
        await this.deps.repos.pairings.platformInsertPairing({
          code,
          deviceKeyHash: sha256(deviceKey),
          expiresAt,
        })
      ) {
        return { code, expiresAt: expiresAt.toISOString() };
      }
    }
    throw new AppError('INTERNAL');
  }

  /** The operator types the code: a screen is made in their cabinet and the code is bound to it. */
  async bind(
    caller: Caller,
    rawCode: string,
    body: { name?: string; timezone?: string } = {},
  ): Promise<Point & { message: string }> {
    // Codes are short: a person who types wrong ones again and again is stopped for a while.
    const checks: [FailureRule, string][] = [
      [{ scope: 'bind:', limit: this.deps.bindFailures, windowSeconds: 600 }, String(caller.userId)],
    ];
    if (await this.deps.throttle.isBlocked(checks)) throw new AppError('RATE_LIMITED');
    const code = normalizePairingCode(rawCode);
    const failed = async () => {
      await this.deps.throttle.fail(checks);
      return new AppError('VALIDATION_ERROR', POINT_MESSAGES.bindingFailed, {
        code: POINT_MESSAGES.bindingFailed,
      });
    };
    if (!isPairingCode(code)) throw await failed();
    const now = this.clock();
    if (!(await this.deps.repos.pairings.platformLivePairing(code, now))) throw await failed();
    // Another operator may take the code in between: the new screen is then rolled back.
    const row = await this.deps
      .addScreen(caller.cabinetId, async (repos) => {
        // A new screen shows the time of the browser that pairs it (UTC when none is said or known).
        const timezone = body.timezone && isTimeZone(body.timezone) ? body.timezone : 'UTC';
        const point = await repos.points.insert({
          cabinetId: caller.cabinetId,
          name: body.name ?? `Screen ${code}`,
          timezone,
        });
        return (await repos.pairings.platformBindPairing(code, point.id, now))
          ? point
          : Promise.reject(CODE_TAKEN);
      })
      .catch(async (error: unknown) => {
        throw error === CODE_TAKEN ? await failed() : error;
      });
    const point = await this.deps.points.get(caller, row.id);
    return { ...point, message: POINT_MESSAGES.created(row.name) };
  }

  /**
   * The player asks whether its code was bound. Once it is, the screen's device token is made (any older
   * one stops working), given out this once, and the code is spent.
   */
  async claim(
    deviceKey: string,
    rawCode: string,
  ): Promise<{ status: 'waiting' } | { status: 'bound'; token: string; pointId: number }> {
    const code = normalizePairingCode(rawCode);
    const pairing = isPairingCode(code)
      ? await this.deps.repos.pairings.platformLivePairing(code, this.clock())
      : undefined;
    if (!pairing || pairing.deviceKeyHash !== sha256(deviceKey))
      throw new AppError('VALIDATION_ERROR', POINT_MESSAGES.bindingFailed);
    if (pairing.pointId === null) return { status: 'waiting' };
    const token = `${DEVICE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    await this.deps.repos.points.platformSetDeviceToken(pairing.pointId, sha256(token));
    // Any older token of the screen stops here at once (other processes hear it from the database).
    this.deps.devices.forget([pairing.pointId]);
    await this.deps.repos.pairings.platformRemovePairing(code);
    return { status: 'bound', token, pointId: pairing.pointId };
  }

  /** The screen calling with this device token (from memory once known: `DeviceTokens`), or null. */
  async authenticateDevice(token: string): Promise<DeviceCaller | null> {
    if (!token.startsWith(DEVICE_TOKEN_PREFIX)) return null;
    return this.deps.devices.callerOf(sha256(token));
  }
}
