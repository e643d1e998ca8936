/**
 * Screens (points): the states, settings and commands of spec §3 and §4, the pairing rules and the
 * player protocol's constants. The server, the cabinet and the player share them.
 */

export const ROTATIONS = ['NORMAL', 'LEFT', 'RIGHT', 'UPSIDE_DOWN'] as const;
export type Rotation = (typeof ROTATIONS)[number];

/** Online; online but reconnecting often ('not stably online'); offline lately ('gone offline'); offline. */
export const POINT_STATUSES = ['ONLINE', 'UNSTABLE', 'GONE_OFFLINE', 'OFFLINE'] as const;
export type PointStatus = (typeof POINT_STATUSES)[number];

export const POINT_SORTS = ['id', 'name', 'sync_time', 'update_time', 'dt_gone_offline'] as const;
export type PointSort = (typeof POINT_SORTS)[number];
export const POINT_PAGE_SIZE = 10;

/** The player sends a heartbeat this often; a screen is offline after OFFLINE_AFTER_SECONDS without one. */
export const HEARTBEAT_SECONDS = 30;
/**
 * Minutes between a player's regular fetches of its content (per screen): a PASSIVE change reaches the
 * screen within this time, an ACTIVE one at once.
 */
export const SYNC_INTERVAL = { default: 5, min: 1, max: 60 } as const;
export const OFFLINE_AFTER_SECONDS = 90;
/** This many disconnections within the last hour make an online screen 'not stably online'. */
export const UNSTABLE_DISCONNECTIONS = 3;
/** An offline screen is 'gone offline' for this long after it went, then simply offline. */
export const GONE_OFFLINE_HOURS = 24;

/** Pairing: 6 characters without look-alikes (no 0/O, 1/I/L), valid for 10 minutes. */
export const PAIRING_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PAIRING_CODE_LENGTH = 6;
export const PAIRING_TTL_SECONDS = 600;

/** Spec §5 and §9: a point's photo is at most 5 MB. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** Commands of spec §4 and §7 as the player receives them. */
export const COMMANDS = [
  'reload',
  'upgrade',
  'restart',
  'reboot',
  'screenshot',
  'broadcast-stop',
  'broadcast-start',
  'stream-start',
  'stream-stop',
  'livestream',
  'terminal',
  'config',
  'content',
] as const;
export type CommandName = (typeof COMMANDS)[number];
/** How long a command for an offline screen waits for it to come back. */
export const COMMAND_TTL_SECONDS = 24 * 3600;

export const POINT_MESSAGES = {
  bindingFailed: 'Binding failed',
  created: (name: string) => `Screen ${name} created`,
  changeStatusSent: 'Change status request sent',
  invalidJson: 'The provided JSON is invalid. Please check the syntax',
  photoTooLarge: (size: string) => `File size should be less than ${size}`,
  unsupported: 'This player does not support this command',
} as const;

/** Spec §5: what the bind dialog says when scanning the player's QR code fails. */
export const QR_MESSAGES = {
  denied: 'Camera access denied',
  notFound: 'Camera not found',
  noSuitable: 'No suitable camera found',
  error: 'Error accessing the camera',
  invalid: 'Invalid QR code',
} as const;

export interface StatusInput {
  /** When the last heartbeat (or connection) was seen; null if never. */
  lastSeenAt: Date | null;
  /** When its socket last closed; a close after the last heartbeat means offline at once. */
  goneOfflineAt: Date | null;
  /** Whether a socket is open to the screen right now (on this server process). */
  connected: boolean;
  /** Disconnections within the last hour. */
  recentDisconnections: number;
}

/** Spec §3 connection states, derived, never stored. */
export function pointStatus(s: StatusInput, now: Date): PointStatus {
  const seenAgo = s.lastSeenAt ? (now.getTime() - s.lastSeenAt.getTime()) / 1000 : Infinity;
  const closed = s.goneOfflineAt !== null && (s.lastSeenAt === null || s.goneOfflineAt >= s.lastSeenAt);
  if (s.connected || (seenAgo <= OFFLINE_AFTER_SECONDS && !closed)) {
    return s.recentDisconnections >= UNSTABLE_DISCONNECTIONS ? 'UNSTABLE' : 'ONLINE';
  }
  return seenAgo <= GONE_OFFLINE_HOURS * 3600 ? 'GONE_OFFLINE' : 'OFFLINE';
}

/** A new pairing code from `random` bytes (one byte per character, rejection-free through modulo of 248). */
export function pairingCode(bytes: Uint8Array): string {
  let code = '';
  for (const b of bytes) {
    // 248 = 8 * 31: bytes above it would bias the first characters; callers pass plenty of bytes.
    if (b >= 248) continue;
    code += PAIRING_ALPHABET[b % PAIRING_ALPHABET.length];
    if (code.length === PAIRING_CODE_LENGTH) break;
  }
  return code;
}

/** Codes are typed by people: case and separators are forgiven. */
export function normalizePairingCode(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export function isPairingCode(value: string): boolean {
  return value.length === PAIRING_CODE_LENGTH && [...value].every((c) => PAIRING_ALPHABET.includes(c));
}
