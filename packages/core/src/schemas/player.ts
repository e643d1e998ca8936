/**
 * What a screen's player and the server say to each other (apps/player/README.md): pairing, the manifest the
 * player plans its days from, the socket's messages and the player's own log.
 */
import { z } from 'zod';
import { ROTATIONS, type CommandName } from '../point.js';
import { ACK_MESSAGE_MAX } from '../native.js';
import { idSchema, secretSchema, text } from './common.js';
import { PlayerReport, PointSettings } from './point.js';
import { ScheduleInputSchema } from './schedule.js';

const deviceKey = secretSchema(32, 128);
export const PairRequest = z.strictObject({ deviceKey });
export const PairAnswer = z.object({ code: z.string(), expiresAt: z.string() });
export const ClaimRequest = z.strictObject({
  deviceKey,
  code: text(20),
});
export const ClaimAnswer = z.union([
  z.object({ status: z.literal('waiting') }),
  z.object({ status: z.literal('bound'), token: z.string(), pointId: z.number().int() }),
]);

/** A file the screen's schedule may play: fetched into the player's cache and checked against its hash. */
export const ManifestFile = z.object({
  fileId: z.number().int(),
  name: z.string(),
  kind: z.string(),
  mime: z.string(),
  url: z.string(),
  /** sha256 (hex) of the stored content, when known. */
  hash: z.string().nullable(),
  size: z.number().nullable(),
});
export type ManifestFile = z.infer<typeof ManifestFile>;
const Rect = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

/**
 * The wall a screen is a cell of (docs/walls.md): the grid, its cell and rotation, its rectangle of the
 * canvas, and where each file stands on the canvas. Its schedule is then the wall's (the same on every
 * tile), and the player plays its crop of it in step with the others.
 */
export const ManifestWall = z.object({
  id: z.number().int(),
  name: z.string(),
  columns: z.number().int(),
  rows: z.number().int(),
  column: z.number().int(),
  row: z.number().int(),
  rotation: z.enum(ROTATIONS),
  tile: Rect,
  canvas: z.object({ width: z.number().int(), height: z.number().int() }),
  placements: z.array(Rect.extend({ fileId: z.number().int() })),
});
export type ManifestWall = z.infer<typeof ManifestWall>;

export const Manifest = z.object({
  version: z.string(),
  /** Present when the screen is a cell of a video wall. */
  wall: ManifestWall.optional(),
  point: PointSettings.omit({ nets: true }).extend({ id: z.number().int(), isStoped: z.boolean() }),
  /** The schedule engine's input: the player plans each day itself, with or without the network. */
  schedule: ScheduleInputSchema,
  files: z.array(ManifestFile),
  /**
   * Billing's word to the screen (docs/billing.md, "Lock"): from `neutralFrom` on (an instant; null: not
   * at all) the screen shows a neutral slide instead of its schedule. Absent in manifests saved before.
   */
  billing: z.object({ neutralFrom: z.string().nullable() }).optional(),
  /**
   * The screen's SSP ads for their slots (docs/ssp.md, "Player"): each plays its creative at `at` for
   * `seconds` in place of the playlist's content, and its show is reported with its `adId`. Not part of the
   * version: ads come and go with every round.
   */
  ads: z
    .array(
      z.object({
        adId: z.number().int(),
        at: z.string(),
        seconds: z.number().int(),
        playlistId: z.number().int().nullable(),
        file: ManifestFile,
      }),
    )
    .optional(),
});
export type Manifest = z.infer<typeof Manifest>;
export type ManifestAd = NonNullable<Manifest['ads']>[number];

/** Player -> server over the socket. */
export const PlayerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heartbeat'), status: PlayerReport }),
  /** A clock exchange (docs/walls.md): the player's send time, answered with the server's two stamps. */
  z.object({ type: z.literal('clock'), t0: z.number().min(0).max(1e15) }),
  z.object({
    type: z.literal('ack'),
    id: idSchema,
    ok: z.boolean(),
    message: text(ACK_MESSAGE_MAX, { multiline: true }).optional(),
  }),
]);
export type PlayerMessage = z.infer<typeof PlayerMessage>;

/** Server -> player over the socket. */
export interface ServerMessage {
  type: 'command';
  id: number;
  name: CommandName;
  args: Record<string, unknown>;
}

/** The answer to a clock exchange: the player's t0 back, when the server got it (t1) and answered (t2). */
export interface ClockAnswer {
  type: 'clock';
  t0: number;
  t1: number;
  t2: number;
}

/** A batch of the player's own log lines (POST /api/player/log). */
export const PlayerLogBody = z.strictObject({
  entries: z
    .array(
      z.strictObject({
        at: z.iso.datetime(),
        level: z.enum(['debug', 'info', 'warn', 'error']),
        message: text(2000, { multiline: true, trim: false }),
      }),
    )
    .min(1)
    .max(200),
});
