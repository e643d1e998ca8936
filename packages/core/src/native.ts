/**
 * The native players (docs/players.md): what the desktop and Android shells and the server share. The
 * panel's power follows the screen's working hours; a panel turned off on purpose is told apart from a
 * failed screen; the shells compare versions to update themselves.
 */
import { daySpans } from './broadcast-time.js';
import { timeSeconds } from './wall-time.js';
import { zoneOffset } from './zone.js';

/**
 * How the panel was turned off or on: HDMI-CEC (`cec-client`), the X server's DPMS (`xset`), a Wayland
 * output (`wlr-randr`), Windows' monitor power message, Android's device policy, or only a black page
 * (nothing could cut the signal).
 */
export const DISPLAY_METHODS = ['cec', 'dpms', 'randr', 'windows', 'android', 'blank'] as const;
export type DisplayMethod = (typeof DISPLAY_METHODS)[number];

/** The cabinet keeps a command's answer (an ack's message, a terminal's output) up to this many characters. */
export const ACK_MESSAGE_MAX = 500;

export interface WorkingHours {
  /** 'HH:mm:ss' on the screen's clock; either null: the screen works all day. */
  workFrom: string | null;
  workTo: string | null;
  timezone: string;
}

/**
 * Whether `now` falls within the screen's working hours on its own clock. The hours follow the schedule
 * engine's rule (a span across midnight when `workTo` is before `workFrom`, 23:59:59 the day's end, equal
 * ends no working time); no hours set, or a zone this runtime does not know, is all day.
 */
export function withinWorkingHours(hours: WorkingHours, now: number): boolean {
  const { workFrom, workTo } = hours;
  if (workFrom === null || workTo === null) return true;
  if (!Number.isFinite(timeSeconds(workFrom)) || !Number.isFinite(timeSeconds(workTo))) return true;
  let offset: number;
  try {
    offset = zoneOffset(hours.timezone, now);
  } catch {
    return true;
  }
  const second = Math.floor(((((now + offset) % 86_400_000) + 86_400_000) % 86_400_000) / 1000);
  return daySpans({ fromTime: workFrom, toTime: workTo, fromTime2: null, toTime2: null }).some(
    ([from, to]) => second >= from && second < to,
  );
}

/**
 * "Display off by schedule": the player last reported its panel off, and the screen is outside its working
 * hours now. Such a screen is not failing, whatever its connection says (an Android box may sleep with it).
 */
export function displayOffBySchedule(
  report: { display?: { power: 'on' | 'off' } | null } | null,
  hours: WorkingHours,
  now: number,
): boolean {
  return report?.display?.power === 'off' && !withinWorkingHours(hours, now);
}

/** Numeric parts and a pre-release of a version such as '1.2.3' or '1.2.3-rc.1' (build metadata ignored). */
function versionParts(version: string): { core: number[]; pre: string | null } {
  const [main = '', ...rest] = version.trim().replace(/^v/, '').split('+')[0]!.split('-');
  const core = main.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : 0));
  return { core, pre: rest.length ? rest.join('-') : null };
}

/**
 * Orders versions as semantic versioning does: numbers first, then a pre-release before its release
 * (1.0.0-rc.1 < 1.0.0), pre-release fields numerically where both are numbers. Negative: a before b.
 */
export function compareVersions(a: string, b: string): number {
  const x = versionParts(a);
  const y = versionParts(b);
  for (let i = 0; i < Math.max(x.core.length, y.core.length, 3); i++) {
    const d = (x.core[i] ?? 0) - (y.core[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === null) return 1;
  if (y.pre === null) return -1;
  const xs = x.pre.split('.');
  const ys = y.pre.split('.');
  for (let i = 0; i < Math.max(xs.length, ys.length); i++) {
    const p = xs[i];
    const q = ys[i];
    if (p === undefined) return -1;
    if (q === undefined) return 1;
    if (p === q) continue;
    const pn = /^\d+$/.test(p);
    const qn = /^\d+$/.test(q);
    if (pn && qn) return Math.sign(Number(p) - Number(q));
    if (pn !== qn) return pn ? -1 : 1;
    return p < q ? -1 : 1;
  }
  return 0;
}
