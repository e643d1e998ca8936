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
}

export interface PresenceAlerts {
  offline: { pointId: number; name: string; since: number | null }[];
  online: { pointId: number; name: string }[];
}

/**
 * Which screens to report now: gone past the threshold and not reported yet (a screen whose display is off
 * by schedule is not missing); back after a report.
 */
export function presenceAlerts(
  facts: readonly PresenceFact[],
  now: number,
  afterMs = OFFLINE_ALERT_AFTER_MS,
): PresenceAlerts {
  const offline: PresenceAlerts['offline'] = [];
  const online: PresenceAlerts['online'] = [];
  for (const f of facts) {
    if (!f.online && !f.alerted && !f.displayOff && (f.lastSeen === null || now - f.lastSeen >= afterMs))
      offline.push({ pointId: f.pointId, name: f.name, since: f.lastSeen });
    else if (f.online && f.alerted) online.push({ pointId: f.pointId, name: f.name });
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
