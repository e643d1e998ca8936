import { and, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AlertKind, Locale, PlayerReport } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import {
  cabinetAccess,
  messengerCodes,
  messengerLinks,
  playlists,
  points,
  shortfallAlerts,
  users,
} from '../../db/schema.js';
import { anyId } from '../../db/sql.js';

export interface Recipient {
  userId: number;
  email: string | null;
  alertsOff: AlertKind[];
  /** The language the person chose in the cabinet (null: English). */
  locale: Locale | null;
  chatId: string | null;
}

/** All SQL of the messenger and alerts: deep-link payloads, linked chats, choices and screen presence. */
export class MessengerRepository {
  constructor(private readonly db: Database) {}

  async insertCode(
    cabinetId: CabinetId,
    userId: number,
    payloadHash: string,
    expiresAt: Date,
  ): Promise<void> {
    await this.db.insert(messengerCodes).values({ cabinetId, userId, payloadHash, expiresAt });
  }

  /** Takes a live payload once (the bot's /start): its person, or nothing when unknown, used or expired. */
  async platformConsumeCode(
    payloadHash: string,
    at: Date,
  ): Promise<{ cabinetId: CabinetId; userId: number } | undefined> {
    const [row] = await this.db
      .update(messengerCodes)
      .set({ usedAt: at })
      .where(
        and(
          eq(messengerCodes.payloadHash, payloadHash),
          isNull(messengerCodes.usedAt),
          gt(messengerCodes.expiresAt, at),
        ),
      )
      .returning({ cabinetId: messengerCodes.cabinetId, userId: messengerCodes.userId });
    return row;
  }

  async link(cabinetId: CabinetId, userId: number, chatId: string, username: string | null): Promise<void> {
    await this.db
      .insert(messengerLinks)
      .values({ cabinetId, userId, chatId, username })
      .onConflictDoUpdate({ target: messengerLinks.userId, set: { chatId, username, cabinetId } });
  }

  async unlink(cabinetId: CabinetId, userId: number): Promise<void> {
    await this.db
      .delete(messengerLinks)
      .where(and(eq(messengerLinks.cabinetId, cabinetId), eq(messengerLinks.userId, userId)));
  }

  async findLink(cabinetId: CabinetId, userId: number) {
    const [row] = await this.db
      .select()
      .from(messengerLinks)
      .where(and(eq(messengerLinks.cabinetId, cabinetId), eq(messengerLinks.userId, userId)));
    return row;
  }

  async setAlertsOff(cabinetId: CabinetId, userId: number, off: AlertKind[]): Promise<void> {
    await this.db
      .update(users)
      .set({ alertsOff: off })
      .where(and(eq(users.cabinetId, cabinetId), eq(users.id, userId)));
  }

  /** The people of a cabinet (its own and those it shares access with), with their chat if linked. */
  async recipients(cabinetId: CabinetId, userIds?: number[]): Promise<Recipient[]> {
    const shared = this.db
      .select({ id: cabinetAccess.userId })
      .from(cabinetAccess)
      .where(eq(cabinetAccess.cabinetId, cabinetId));
    return this.db
      .select({
        userId: users.id,
        email: users.email,
        alertsOff: users.alertsOff,
        locale: users.locale,
        chatId: messengerLinks.chatId,
      })
      .from(users)
      .leftJoin(messengerLinks, eq(messengerLinks.userId, users.id))
      .where(
        and(
          or(eq(users.cabinetId, cabinetId), inArray(users.id, shared)),
          eq(users.blocked, false),
          ...(userIds ? [anyId(users.id, userIds)] : []),
        ),
      );
  }

  /**
   * Claims the playlists whose end (a wall-clock time) falls before `before` and not before `after`, not
   * ended and not alerted yet: one statement, so each is reported once whichever process sweeps.
   */
  async platformClaimExpiringPlaylists(
    after: string,
    before: string,
  ): Promise<{ cabinetId: CabinetId; name: string }[]> {
    return this.db
      .update(playlists)
      .set({ expiryAlertedAt: new Date() })
      .where(
        and(
          isNull(playlists.expiryAlertedAt),
          isNull(playlists.endedAt),
          gte(playlists.toDate, after),
          lt(playlists.toDate, before),
        ),
      )
      .returning({ cabinetId: playlists.cabinetId, name: playlists.name });
  }

  /**
   * Claims the day's shortfall report of each of the cabinet's playlists given: answers those not reported
   * for that day yet (their names), so each is reported once a day whichever process planned it.
   */
  async claimShortfall(cabinetId: CabinetId, day: string, playlistIds: number[]): Promise<string[]> {
    if (playlistIds.length === 0) return [];
    const own = await this.db
      .select({ id: playlists.id, name: playlists.name })
      .from(playlists)
      .where(and(eq(playlists.cabinetId, cabinetId), anyId(playlists.id, playlistIds)));
    if (own.length === 0) return [];
    const claimed = await this.db
      .insert(shortfallAlerts)
      .values(own.map((p) => ({ playlistId: p.id, day, cabinetId })))
      .onConflictDoNothing()
      .returning({ id: shortfallAlerts.playlistId });
    const names = new Map(own.map((p) => [p.id, p.name]));
    return claimed.map((c) => names.get(c.id)!);
  }

  /** Shortfall reports older than `before` (a date), across cabinets by design (the hourly sweep). */
  async platformSweepShortfall(before: string): Promise<number> {
    const gone = await this.db
      .delete(shortfallAlerts)
      .where(lt(shortfallAlerts.day, before))
      .returning({ id: shortfallAlerts.playlistId });
    return gone.length;
  }

  /**
   * Screens whose presence differs from what was reported, across cabinets by design (the sweep): not
   * live and not reported offline, or live and reported offline. Never-seen screens are left out.
   */
  async platformPresenceCandidates(seenSince: Date): Promise<PresenceRow[]> {
    const live = sql<boolean>`(${points.lastSeenAt} > ${seenSince} and (${points.goneOfflineAt} is null or ${points.goneOfflineAt} < ${points.lastSeenAt}))`;
    return this.db
      .select({
        id: points.id,
        cabinetId: points.cabinetId,
        name: points.name,
        lastSeenAt: points.lastSeenAt,
        online: live,
        alerted: points.offlineAlerted,
        report: points.report,
        workFrom: points.workFrom,
        workTo: points.workTo,
        timezone: points.timezone,
      })
      .from(points)
      .where(
        and(
          sql`${points.lastSeenAt} is not null`,
          or(
            and(eq(points.offlineAlerted, false), sql`not ${live}`),
            and(eq(points.offlineAlerted, true), live),
          ),
        ),
      );
  }

  /** Claims screens for an alert (one conditional update, so two processes never report the same change). */
  async platformMarkAlerted(ids: number[], alerted: boolean): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .update(points)
      .set({ offlineAlerted: alerted })
      .where(and(anyId(points.id, ids), eq(points.offlineAlerted, !alerted)))
      .returning({ id: points.id });
    return rows.map((r) => r.id);
  }
}

export interface PresenceRow {
  id: number;
  cabinetId: CabinetId;
  name: string;
  lastSeenAt: Date | null;
  online: boolean;
  alerted: boolean;
  /** The player's last report and the working hours: a display off by schedule is not an absence. */
  report: PlayerReport | null;
  workFrom: string | null;
  workTo: string | null;
  timezone: string;
}
