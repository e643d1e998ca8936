import { alertText, displayOffBySchedule, presenceAlerts, type AlertMessage } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories } from '../../db/repositories.js';
import type { Mailer } from '../../lib/mailer.js';
import type { PresenceRow } from './messenger.repository.js';
import type { TelegramClient } from './telegram.js';
import { LATEST_ZONE_MS, utcWall } from '../playlist/end-of-validity.service.js';

/** How long before its end a playlist is reported as expiring. */
export const PLAYLIST_EXPIRY_NOTICE_MS = 24 * 3_600_000;
/** The earliest clock on Earth (UTC+14): a screen there reaches the end first. */
const EARLIEST_ZONE_MS = 14 * 3_600_000;

export interface AlertDeps {
  repos: Pick<Repositories, 'cabinets' | 'messenger'>;
  mailer: Mailer;
  /** Null when no bot is configured: alerts go by e-mail only. */
  telegram: TelegramClient | null;
  /** A screen counts as really offline after this long (ALERT_OFFLINE_MINUTES). */
  offlineAfterMs: number;
  /** A heartbeat within this long means online (the screens list's rule). */
  seenWithinMs: number;
  log?: (message: string, error?: unknown) => void;
  now?: () => Date;
}

/**
 * Alerts to the people of a cabinet (docs/security.md, "Alerts"): by Telegram when they linked a chat,
 * else by e-mail; each person receives only the kinds they chose. A screen is reported offline only once
 * it stayed away past the threshold, once per absence, and the screens of a cabinet that changed together
 * go out as one message. Billing calls `lowFunds`; exports call `exportReady`.
 */
export class AlertService {
  private readonly now: () => Date;

  constructor(private readonly deps: AlertDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * One alert to the people of a cabinet who want this kind (or only to `userIds`), each in the language
   * they chose in the cabinet.
   */
  async notify(cabinetId: CabinetId, message: AlertMessage, userIds?: number[]): Promise<number> {
    const { repos, telegram, mailer } = this.deps;
    const { kind } = message;
    const cabinet = await repos.cabinets.findById(cabinetId);
    const people = (await repos.messenger.recipients(cabinetId, userIds)).filter(
      (p) => !p.alertsOff.includes(kind),
    );
    const sent = await Promise.all(
      people.map(async (p) => {
        const { subject, text } = alertText(p.locale ?? 'en', message);
        const body = cabinet ? `${cabinet.name}: ${text}` : text;
        try {
          if (p.chatId && telegram) return await telegram.sendMessage(p.chatId, body);
          if (p.email) {
            await mailer.send({ to: p.email, subject, text: body });
            return true;
          }
        } catch (error) {
          this.deps.log?.(`alert ${kind} to user ${p.userId} failed`, error);
        }
        return false;
      }),
    );
    return sent.filter(Boolean).length;
  }

  /**
   * The presence sweep (every ALERT_CHECK_SECONDS): screens really gone and screens back, one message per
   * cabinet for each.
   */
  async checkPresence(): Promise<{ offline: number; online: number }> {
    const { messenger } = this.deps.repos;
    const at = this.now();
    const candidates = await messenger.platformPresenceCandidates(
      new Date(at.getTime() - this.deps.seenWithinMs),
    );
    const byId = new Map(candidates.map((c) => [c.id, c]));
    const due = presenceAlerts(
      candidates.map((c) => ({
        pointId: c.id,
        name: c.name,
        lastSeen: c.lastSeenAt?.getTime() ?? null,
        online: c.online,
        alerted: c.alerted,
        displayOff: displayOffBySchedule(c.report, c, at.getTime()),
        group: c.cabinetId,
      })),
      at.getTime(),
      this.deps.offlineAfterMs,
    );
    const offline = await messenger.platformMarkAlerted(
      due.offline.map((a) => a.pointId),
      true,
    );
    const online = await messenger.platformMarkAlerted(
      due.online.map((a) => a.pointId),
      false,
    );
    const minutes = Math.round(this.deps.offlineAfterMs / 60_000);
    await this.perCabinet(offline, byId, (names) => ({ kind: 'screenOffline', names, minutes }));
    await this.perCabinet(online, byId, (names) => ({ kind: 'screenOnline', names }));
    return { offline: offline.length, online: online.length };
  }

  private async perCabinet(
    ids: number[],
    byId: Map<number, PresenceRow>,
    message: (names: string[]) => AlertMessage,
  ): Promise<void> {
    const groups = new Map<CabinetId, string[]>();
    for (const id of ids) {
      const row = byId.get(id);
      if (row) groups.set(row.cabinetId, [...(groups.get(row.cabinetId) ?? []), row.name]);
    }
    for (const [cabinetId, names] of groups) {
      await this.notify(cabinetId, message(names.sort((a, b) => a.localeCompare(b))));
    }
  }

  /**
   * The playlist sweep (with the presence sweep): playlists that end within a day on some screen's clock
   * (the earliest time zone, UTC+14) and have not ended everywhere yet, one message per cabinet, each once.
   */
  async checkPlaylists(): Promise<number> {
    const at = this.now().getTime();
    const claimed = await this.deps.repos.messenger.platformClaimExpiringPlaylists(
      utcWall(at - LATEST_ZONE_MS),
      utcWall(at + PLAYLIST_EXPIRY_NOTICE_MS + EARLIEST_ZONE_MS),
    );
    const groups = new Map<CabinetId, string[]>();
    for (const p of claimed) groups.set(p.cabinetId, [...(groups.get(p.cabinetId) ?? []), p.name]);
    for (const [cabinetId, names] of groups)
      await this.playlistExpiring(
        cabinetId,
        names.sort((a, b) => a.localeCompare(b)),
      );
    return claimed.length;
  }

  /** A background export finished: to the person who asked for it. */
  exportReady(cabinetId: CabinetId, userId: number, name: string): Promise<number> {
    return this.notify(cabinetId, { kind: 'exportReady', name }, [userId]);
  }

  /** Playlists whose validity ends soon. */
  playlistExpiring(cabinetId: CabinetId, names: string[]): Promise<number> {
    return this.notify(cabinetId, { kind: 'playlistExpiring', names });
  }

  /** Content that could not be planned on screens. */
  unplanned(cabinetId: CabinetId, names: string[]): Promise<number> {
    return this.notify(cabinetId, { kind: 'unplanned', names });
  }

  /**
   * The planner found playlists whose content did not all fit on a day (by the screens' local dates):
   * each playlist reported once a day, the cabinet's in one message. Answers how many were reported.
   */
  async contentShortfall(cabinetId: CabinetId, byDay: Map<string, number[]>): Promise<number> {
    const names = new Set<string>();
    for (const [day, ids] of byDay)
      for (const name of await this.deps.repos.messenger.claimShortfall(cabinetId, day, ids)) names.add(name);
    if (names.size)
      await this.unplanned(
        cabinetId,
        [...names].sort((a, b) => a.localeCompare(b)),
      );
    return names.size;
  }

  /** Billing: the cabinet's funds run low (the balance as the person reads it, e.g. "€4.20"). */
  lowFunds(cabinetId: CabinetId, balance: string): Promise<number> {
    return this.notify(cabinetId, { kind: 'lowFunds', balance });
  }
}
