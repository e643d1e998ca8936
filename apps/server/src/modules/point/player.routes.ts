import { z } from 'zod';
import {
  ClaimAnswer,
  ClaimRequest,
  Manifest,
  OkResponse,
  PHOTO_MAX_BYTES,
  PairAnswer,
  PairRequest,
  secretSchema,
  text,
} from '@vitrine/core';
import type { App, RouteContext } from '../../app-types.js';
import { acceptImageBodies, imageBody } from '../../lib/image-body.js';
import { requireDevice } from '../../plugins/access.js';

const tags = ['player'];

const LogBody = z.strictObject({
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

/**
 * The player's calls. Pairing is public and rate-limited; everything else takes the screen's device token
 * and acts on that screen only.
 */
export async function playerRoutes(app: App, { services, config }: RouteContext): Promise<void> {
  const { points } = services;
  acceptImageBodies(app, PHOTO_MAX_BYTES);

  app.post(
    '/api/player/pair',
    {
      config: { access: 'public', rateLimit: { max: config.pairingRate * 3, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'An unpaired player asks for a code to show (valid 10 minutes)',
        body: PairRequest,
        response: { 200: PairAnswer },
      },
    },
    async (request) => points.pair(request.body.deviceKey),
  );

  app.post(
    '/api/player/claim',
    {
      config: { access: 'public', rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'The player asks whether its code was bound; once, it gets its device token',
        body: ClaimRequest,
        response: { 200: ClaimAnswer },
      },
    },
    async (request) => points.claim(request.body.deviceKey, request.body.code),
  );

  app.get(
    '/api/player/manifest',
    {
      config: { access: 'device' },
      schema: { tags, summary: "The screen's settings and content", response: { 200: Manifest } },
    },
    async (request) => points.manifest(requireDevice(request)),
  );

  app.post(
    '/api/player/screenshot',
    {
      config: { access: 'device' },
      schema: { tags, summary: 'What the screen shows, as PNG or JPEG', response: { 200: OkResponse } },
    },
    async (request) => {
      await points.saveScreenshot(requireDevice(request), imageBody(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/player/log',
    {
      config: { access: 'device' },
      schema: {
        tags,
        summary: "The player's own log, in batches",
        body: LogBody,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await points.appendLog(requireDevice(request), request.body.entries);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/player/ws',
    {
      websocket: true,
      config: { access: 'device' },
      schema: {
        tags,
        summary: "The screen's socket (?token=): heartbeats and acks in, commands out",
        querystring: z.object({ token: secretSchema(1, 200) }),
      },
    },
    (socket, request) => {
      void points.connect(requireDevice(request), socket);
    },
  );
}
