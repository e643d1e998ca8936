import { z } from 'zod';
import { OkResponse, secretSchema } from '../schemas/common.js';
import { PlayerDownloads } from '../schemas/native.js';
import {
  ClaimAnswer,
  ClaimRequest,
  Manifest,
  PairAnswer,
  PairRequest,
  PlayerLogBody,
} from '../schemas/player.js';
import { defineRoute, defineRoutes } from './route.js';

/** The player routes (spec §7): path, method, access key, input and answer. */
export const playerApi = defineRoutes({
  pair: defineRoute({
    method: 'POST',
    path: '/api/player/pair',
    access: 'public',
    summary: 'An unpaired player asks for a code to show (valid 10 minutes)',
    tags: ['player'],
    body: PairRequest,
    response: PairAnswer,
  }),
  claim: defineRoute({
    method: 'POST',
    path: '/api/player/claim',
    access: 'public',
    summary: 'The player asks whether its code was bound; once, it gets its device token',
    tags: ['player'],
    body: ClaimRequest,
    response: ClaimAnswer,
  }),
  manifest: defineRoute({
    method: 'GET',
    path: '/api/player/manifest',
    access: 'device',
    summary: "The screen's settings and content",
    tags: ['player'],
    response: Manifest,
  }),
  screenshot: defineRoute({
    method: 'POST',
    path: '/api/player/screenshot',
    access: 'device',
    summary: 'What the screen shows, as PNG or JPEG',
    tags: ['player'],
    response: OkResponse,
  }),
  log: defineRoute({
    method: 'POST',
    path: '/api/player/log',
    access: 'device',
    summary: "The player's own log, in batches",
    tags: ['player'],
    body: PlayerLogBody,
    response: OkResponse,
  }),
  ws: defineRoute({
    method: 'GET',
    path: '/api/player/ws',
    access: 'device',
    summary: "The screen's socket (?token=): heartbeats and acks in, commands out",
    tags: ['player'],
    query: z.object({ token: secretSchema(1, 200) }),
  }),
  downloads: defineRoute({
    method: 'GET',
    path: '/api/player/downloads',
    access: 'public',
    summary: 'The native players this server built and serves (version, size, SHA-256, address)',
    tags: ['player'],
    response: PlayerDownloads,
  }),
});
