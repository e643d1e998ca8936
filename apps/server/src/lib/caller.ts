import type { Role } from '@vitrine/core';
import type { CabinetId } from '../db/cabinet-id.js';

/** Who is calling, as the auth plugin resolved it. Services take this, never the request. */
export interface Caller {
  userId: number;
  cabinetId: CabinetId;
  role: Role;
  login: string;
  via: 'session' | 'apiToken';
  /**
   * The person's own cabinet, when they work in another one shared with them (`cabinetId` is always the
   * cabinet of this request, `role` their role there). Absent: `cabinetId` is their own.
   */
  homeCabinetId?: CabinetId;
  /** The refresh-token family of a session caller (switching cabinets ends it). */
  sessionId?: string;
  /** The cabinet requires two-factor and the person has not turned it on: only setting it up is allowed. */
  twoFaSetupRequired?: true;
}

/** The person's own cabinet, where their own row, two-factor and messenger live. */
export const homeCabinet = (caller: Caller): CabinetId => caller.homeCabinetId ?? caller.cabinetId;

export interface ClientMeta {
  ip: string;
  userAgent: string | null;
  /** The browser's device mark (a cookie), if it has one. */
  device?: string | null;
}

/** A paired screen, authenticated by its device token: it may make its own calls only. */
export interface DeviceCaller {
  pointId: number;
  cabinetId: CabinetId;
}
