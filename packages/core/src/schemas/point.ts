import { z } from 'zod';
import { MAX_COMMAND_SCREENS, MAX_PAGE_SIZE } from '../constants.js';
import {
  POINT_MESSAGES,
  POINT_PAGE_SIZE,
  POINT_SORTS,
  POINT_STATUSES,
  ROTATIONS,
  SYNC_INTERVAL,
} from '../point.js';
import { PLAYER_PLATFORMS } from '../brands.js';
import { DISPLAY_METHODS } from '../native.js';
import { isWallTime } from '../wall-time.js';
import { MESSAGES } from '../validation.js';
import { INT4_MAX, colorSchema, idSchema, int64, nameSchema, patchOf, text } from './common.js';

const clock = text(8).refine(isWallTime, { error: MESSAGES.invalid });

export const Windows = z.strictObject({
  fullscreen: z.boolean(),
  mirror: z.boolean(),
  /** 0-100. */
  volume: z.number().int().min(0).max(100),
});
export type Windows = z.infer<typeof Windows>;
export const DEFAULT_WINDOWS: Windows = { fullscreen: true, mirror: false, volume: 100 };

export const Audience = z.strictObject({
  /** People who see one show, on average. */
  viewers: z.number().min(0).max(1_000_000),
  /** Optional per-hour figures (24 values, local time) that override the average. */
  perHour: z.array(z.number().min(0).max(1_000_000)).length(24).nullable(),
});
export type Audience = z.infer<typeof Audience>;

export const Location = z.strictObject({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

/** The JSON configuration is edited as text; the server keeps it only when it parses to an object. */
const jsonText = text(20000, { multiline: true, trim: false }).refine(
  (text) => {
    try {
      const value: unknown = JSON.parse(text);
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    } catch {
      return false;
    }
  },
  { error: POINT_MESSAGES.invalidJson },
);

/** Zones checked once each: a page of 1,000 screens shares a handful, and Intl's check is not cheap. */
const knownZones = new Map<string, boolean>();
export const isTimeZone = (value: string): boolean => {
  let known = knownZones.get(value);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
      known = true;
    } catch {
      known = false;
    }
    // Bounded: an attacker's endless distinct strings cannot grow it without limit.
    if (knownZones.size < 10_000) knownZones.set(value, known);
  }
  return known;
};

/** A playback cost per show as exact decimal text: up to 9 whole digits and 4 decimals ('0.5', '12.0025'). */
export const playbackCostSchema = text(20).regex(/^\d{1,9}(\.\d{1,4})?$/, { error: MESSAGES.invalid });

/** A stored decimal ('0.5000') in its shortest exact text ('0.5'); '12.0000' -> '12'. */
export const shortDecimal = (value: string): string =>
  value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;

/** Every setting a person edits (spec §3). */
export const PointSettings = z.strictObject({
  name: nameSchema,
  address: text(300).nullable(),
  location: Location.nullable(),
  timezone: text(64).refine(isTimeZone, { error: MESSAGES.invalid }),
  rotation: z.enum(ROTATIONS),
  autostart: z.boolean(),
  /** Transition between files, in 1/1000 s. */
  transitionMs: z.number().int().min(0).max(10000),
  /** Minutes between relaunches of the player; null: never. */
  relaunchInterval: z.number().int().min(1).max(10080).nullable(),
  workFrom: clock.nullable(),
  workTo: clock.nullable(),
  /** Seconds. */
  commercialCycle: z.number().int().min(1).max(86400).nullable(),
  windows: Windows,
  config: jsonText.nullable(),
  audience: Audience.nullable(),
  /** What one show costs, in the currency's units, as exact decimal text ('0.5'). */
  playbackCost: playbackCostSchema.nullable(),
  /** Minutes between the player's regular content fetches (PASSIVE changes wait at most this long). */
  syncInterval: z.number().int().min(SYNC_INTERVAL.min).max(SYNC_INTERVAL.max),
  cameraStreamUrl: text(2000)
    .refine((v) => /^(https?|rtsp|rtmp):\/\/\S+$/i.test(v), { error: MESSAGES.invalid })
    .nullable(),
  nets: z.array(idSchema).max(100),
});
export type PointSettings = z.infer<typeof PointSettings>;
export const PointPatch = patchOf(PointSettings);
export type PointPatch = z.infer<typeof PointPatch>;

export const NetRef = z.object({ id: z.number().int(), name: z.string(), color: z.string().nullable() });

const skewMs = z.number().min(0).max(86_400_000);
/**
 * A tile's measured skew (ms) over its last samples: how far the frame on the glass was from where the
 * shared clock says it should be (p50, p95, worst), whether it is in step, and its clock's error bound.
 */
export const WallTileReport = z.object({
  wallId: z.number().int().min(0).max(INT4_MAX),
  synchronized: z.boolean(),
  p50: skewMs.nullable(),
  p95: skewMs.nullable(),
  max: skewMs.nullable(),
  samples: z.number().int().min(0).max(INT4_MAX),
  clockUncertainty: skewMs.nullable(),
});
export type WallTileReport = z.infer<typeof WallTileReport>;

export const PlayerReport = z.object({
  version: text(50),
  resolution: text(30),
  freeStorage: int64().nullable(),
  currentItem: text(300).nullable(),
  uptime: z.number().int().min(0).max(INT4_MAX),
  /** The manifest version the player plays; equal to the server's means synchronised. */
  contentVersion: text(100).nullable(),
  /** Whether a native shell hosts the page (reboot and terminal work only there). */
  native: z.boolean(),
  /** A wall's tile: how far its picture is from the shared clock (docs/walls.md); absent elsewhere. */
  wall: WallTileReport.nullable().optional(),
  /**
   * The panel's power as the player last set it by the screen's working hours, and how (docs/players.md);
   * absent from players before it.
   */
  display: z
    .object({ power: z.enum(['on', 'off']), method: z.enum(DISPLAY_METHODS).nullable() })
    .nullable()
    .optional(),
  /** The native shell hosting the page (its platform and version); absent or null in a browser. */
  shell: z
    .object({ platform: z.enum(PLAYER_PLATFORMS), version: text(50) })
    .nullable()
    .optional(),
});
export type PlayerReport = z.infer<typeof PlayerReport>;

/** What brought a screen new content: its settings, a playlist or a network (by name). */
export const ContentChangeReason = z.object({
  kind: z.enum(['settings', 'playlist', 'network', 'file', 'billing', 'wall']),
  name: z.string().nullable(),
});
export type ContentChangeReason = z.infer<typeof ContentChangeReason>;

export const Point = PointSettings.omit({ nets: true }).extend({
  id: z.number().int(),
  net: z.array(NetRef),
  uid: z.string(),
  photoUrl: z.string().nullable(),
  isStoped: z.boolean(),
  hasContent: z.boolean(),
  status: z.enum(POINT_STATUSES),
  /** Synchronised: the screen reports playing its current content (the version the server works out). */
  syncStatus: z.enum(['SYNCHRONIZED', 'NOT_SYNCHRONIZED']),
  /** When it first played its current content; null while it plays something older. */
  sync_time: z.string().nullable(),
  /** While not synchronised: since when its current content waits, what brought it, and by when a
   * PASSIVE change reaches it (its next regular fetch); null when synchronised. */
  syncPending: z
    .object({ since: z.string(), change: ContentChangeReason.nullable(), expectedBy: z.string().nullable() })
    .nullable(),
  update_time: z.string(),
  dt_gone_offline: z.string().nullable(),
  lastSeen: z.string().nullable(),
  disconnections: z.number().int(),
  player: PlayerReport.nullable(),
  /**
   * Display off by schedule: the player turned its panel off for the screen's working hours and it is out of
   * them now (core `displayOffBySchedule`); the cabinet shows this instead of a failure.
   */
  displayOff: z.boolean(),
  createdDate: z.string(),
});
export type Point = z.infer<typeof Point>;

export const PointListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(POINT_PAGE_SIZE),
  search: text(200).optional(),
  net: idSchema.optional(),
  status: z.enum(POINT_STATUSES).optional(),
  hasContent: z.enum(['true', 'false']).optional(),
  sort: z.enum(POINT_SORTS).default('id'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type PointListQuery = z.infer<typeof PointListQuery>;
export const PointList = z.object({ points: z.array(Point), total: z.number().int() });
export type PointList = z.infer<typeof PointList>;

/**
 * GET /api/point/overview: the screens as a role that may open the Media devices section but not the
 * screens themselves (an observer) sees them: name, status, synchronisation, networks, last seen.
 */
export const PointOverviewItem = Point.pick({
  id: true,
  name: true,
  net: true,
  status: true,
  syncStatus: true,
  lastSeen: true,
  displayOff: true,
});
export type PointOverviewItem = z.infer<typeof PointOverviewItem>;
export const PointOverview = z.object({ points: z.array(PointOverviewItem), total: z.number().int() });
export type PointOverview = z.infer<typeof PointOverview>;

export const PointPatchMany = z.strictObject({
  ids: z.array(idSchema).min(1).max(1000),
  patch: PointPatch.omit({ name: true }),
});

export const BindBody = z.strictObject({
  name: nameSchema.optional(),
  /**
   * The pairing browser's time zone: the new screen's (else UTC). A zone this server does not know is
   * ignored, not refused: pairing never fails over it.
   */
  timezone: text(64).optional(),
});
/** POST /api/point/post (spec §7): a new screen with its name and any settings, paired later. */
export const PointCreate = PointPatch.extend({ name: nameSchema });
export type PointCreate = z.infer<typeof PointCreate>;
/** The screens a command goes to. */
export const PointIdsBody = z.strictObject({ ids: z.array(idSchema).min(1).max(MAX_COMMAND_SCREENS) });
export const BroadcastBody = z.strictObject({
  ids: PointIdsBody.shape.ids,
  /** Stop (true) or start (false) broadcasting. */
  stop: z.boolean(),
});
export const CommandResult = z.object({
  ok: z.literal(true),
  message: z.string(),
  /** Screens that got the command now; the others get it when they reconnect (until it expires). */
  delivered: z.array(z.number().int()),
  queued: z.array(z.number().int()),
});
export type CommandResult = z.infer<typeof CommandResult>;

/**
 * What a change did to screens: how many got new content, how many were told at once (ACTIVE changes,
 * takedowns, screens with nothing to play), and the longest the others wait for their regular fetch
 * (minutes; null when none waits).
 */
export const ContentUpdate = z.object({
  screens: z.number().int(),
  now: z.number().int(),
  within: z.number().int().nullable(),
});
export type ContentUpdate = z.infer<typeof ContentUpdate>;

export const ScreenshotInfo = z.object({ url: z.string().nullable(), takenAt: z.string().nullable() });

export const Net = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string().nullable(),
  points: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type Net = z.infer<typeof Net>;
export const NetInput = z.strictObject({
  name: nameSchema,
  color: colorSchema.nullable().default(null),
  points: z.array(idSchema).max(10000).default([]),
});
/** Renaming a network keeps its colour and its screens. */
export const NetPatch = patchOf(NetInput);
export const NetListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
  search: text(200).optional(),
});
export type NetListQuery = z.infer<typeof NetListQuery>;
export const NetList = z.object({ nets: z.array(Net), total: z.number().int() });

export const ConnectionHour = z.object({
  hour: z.string(),
  onlineSeconds: z.number().int(),
  disconnections: z.number().int(),
});
export const PointLogEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  level: z.enum(['debug', 'info', 'warn', 'error']),
  message: z.string(),
});
export type PointLogEntry = z.infer<typeof PointLogEntry>;
