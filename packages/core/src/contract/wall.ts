import { IdParams, OkResponse } from '../schemas/common.js';
import { DailySchedule } from '../schemas/schedule.js';
import {
  Wall,
  WallInput,
  WallList,
  WallListQuery,
  WallPatch,
  WallScheduleQuery,
  WallStatus,
} from '../schemas/wall.js';
import { defineRoute, defineRoutes } from './route.js';

/**
 * The wall routes (spec §7 Wall): path, method, access key, input and answer. The spec's table names no
 * key for patch; changing a wall takes the create key (admin, owner, moderator), as building one does.
 */
export const wallApi = defineRoutes({
  list: defineRoute({
    method: 'GET',
    path: '/api/wall',
    access: 'wall.route',
    summary: 'Video walls: search and pages (25 a page)',
    tags: ['wall'],
    query: WallListQuery,
    response: WallList,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/wall/:id',
    access: 'wall.route',
    summary: 'One video wall with its cells and canvas size',
    tags: ['wall'],
    params: IdParams,
    response: Wall,
  }),
  status: defineRoute({
    method: 'GET',
    path: '/api/wall/status/:id',
    access: 'wall.route',
    summary: "A wall's playlists and each tile's status: online, in step, skew p50/p95/max, last screenshot",
    tags: ['wall'],
    params: IdParams,
    response: WallStatus,
  }),
  schedule: defineRoute({
    method: 'GET',
    path: '/api/wall/schedule/:id',
    access: 'wall.route',
    summary:
      "A wall's day, planned once for all its tiles: the table by files, the timeline, what could not be planned",
    tags: ['wall'],
    params: IdParams,
    query: WallScheduleQuery,
    response: DailySchedule,
  }),
  post: defineRoute({
    method: 'POST',
    path: '/api/wall/post',
    access: 'wall.create',
    summary: "Create a video wall: a grid of the cabinet's screens, each in at most one wall",
    tags: ['wall'],
    billing: { feature: 'walls' },
    body: WallInput,
    response: Wall,
  }),
  patch: defineRoute({
    method: ['POST', 'PATCH'],
    path: '/api/wall/patch/:id',
    access: 'wall.create',
    summary: "Change a wall's name, grid, screen sizes or cells (cells given replace them all)",
    tags: ['wall'],
    billing: { feature: 'walls' },
    params: IdParams,
    body: WallPatch,
    response: Wall,
  }),
  remove: defineRoute({
    method: 'POST',
    path: '/api/wall/remove/:id',
    access: 'wall.remove',
    summary: 'Remove a video wall (its screens stay, free for another wall)',
    tags: ['wall'],
    params: IdParams,
    response: OkResponse,
  }),
});
