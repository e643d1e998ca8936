/**
 * Alerts people receive by messenger (Telegram) or e-mail (docs/security.md). A screen is reported offline
 * only once it has stayed offline past a threshold, back online only if it was reported offline, and the
 * screens of one cabinet that changed together go out as one message, never a flood.
 */
export const ALERT_KINDS = [
  'screenOffline',
  'screenOnline',
  'unplanned',
  'playlistExpiring',
  'exportReady',
  'lowFunds',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** A screen counts as really offline after this long without contact. */
export const OFFLINE_ALERT_AFTER_MS = 10 * 60_000;
/**
 * Screens of one cabinet that go offline within this long of each other are reported in one message: a
 * screen past its threshold waits (at most this long) for another of its cabinet about to pass its own.
 */
export const OFFLINE_ALERT_GROUP_MS = 2 * 60_000;

export interface PresenceFact {
  pointId: number;
  name: string;
  /** When it was last seen (ms); null: never. */
  lastSeen: number | null;
  online: boolean;
  /** Whether an offline alert went out for this spell of absence. */
  alerted: boolean;
  /** Its panel is off by its working hours (`displayOffBySchedule`): away on purpose, not reported. */
  displayOff?: boolean;
  /** Whose screens are reported together (the cabinet); none: reported on its own. */
  group?: number;
}

export interface PresenceAlerts {
  offline: { pointId: number; name: string; since: number | null }[];
  online: { pointId: number; name: string }[];
}

/**
 * Which screens to report now: gone past the threshold and not reported yet (a screen whose display is off
 * by schedule is not missing); back after a report. Offline screens of one group wait while another of it
 * passes its threshold within `groupMs`, for at most `groupMs` past the first one's, so screens that went
 * away together are one message.
 */
export function presenceAlerts(
  facts: readonly PresenceFact[],
  now: number,
  afterMs = OFFLINE_ALERT_AFTER_MS,
  groupMs = OFFLINE_ALERT_GROUP_MS,
): PresenceAlerts {
  const online: PresenceAlerts['online'] = [];
  /** Per group: its absent screens with the instant each passes (or passed) its threshold. */
  const absent = new Map<number | string, { fact: PresenceFact; dueAt: number }[]>();
  for (const f of facts) {
    if (!f.online && !f.alerted && !f.displayOff) {
      const key = f.group ?? `point ${f.pointId}`;
      const dueAt = f.lastSeen === null ? now : f.lastSeen + afterMs;
      absent.set(key, [...(absent.get(key) ?? []), { fact: f, dueAt }]);
    } else if (f.online && f.alerted) online.push({ pointId: f.pointId, name: f.name });
  }
  const offline: PresenceAlerts['offline'] = [];
  for (const screens of absent.values()) {
    const due = screens.filter((s) => s.dueAt <= now);
    if (due.length === 0) continue;
    const firstDue = Math.min(...due.map((s) => s.dueAt));
    const soon = screens.some((s) => s.dueAt > now && s.dueAt - now <= groupMs);
    if (soon && now - firstDue < groupMs) continue;
    for (const { fact } of due)
      offline.push({ pointId: fact.pointId, name: fact.name, since: fact.lastSeen });
  }
  offline.sort((a, b) => a.name.localeCompare(b.name) || a.pointId - b.pointId);
  online.sort((a, b) => a.name.localeCompare(b.name) || a.pointId - b.pointId);
  return { offline, online };
}

/** At most this many names in one message; the rest are counted. */
export const ALERT_NAMES_SHOWN = 10;

/** One message for many screens: the first names and how many more. */
export function groupedNames(
  names: readonly string[],
  shown = ALERT_NAMES_SHOWN,
): { names: string[]; more: number } {
  return { names: names.slice(0, shown), more: Math.max(0, names.length - shown) };
}

/** Telegram's /start payload: 1 to 64 of A-Z, a-z, 0-9, _ and -. */
export const isDeepLinkPayload = (value: string): boolean => /^[A-Za-z0-9_-]{1,64}$/.test(value);
