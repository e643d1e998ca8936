import { IdParams, OkResponse } from '../schemas/common.js';
import { Wall, WallInput, WallList, WallListQuery, WallPatch } from '../schemas/wall.js';
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
