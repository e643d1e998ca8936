import { IdParams, OkResponse } from '../schemas/common.js';
import { Net, NetInput, NetList, NetListQuery, NetPatch } from '../schemas/point.js';
import { defineRoute, defineRoutes } from './route.js';

/** The net routes (spec §7): path, method, access key, input and answer. */
export const netApi = defineRoutes({
  list: defineRoute({
    method: 'GET',
    path: '/api/net',
    access: 'net.route',
    summary: 'Networks with their screens',
    tags: ['net'],
    query: NetListQuery,
    response: NetList,
  }),
  post: defineRoute({
    method: 'POST',
    path: '/api/net/post',
    access: 'net.create',
    summary: 'Create a network of screens',
    tags: ['net'],
    body: NetInput,
    response: Net,
  }),
  patch: defineRoute({
    method: ['POST', 'PATCH'],
    path: '/api/net/patch/:id',
    access: 'net.create',
    summary: 'Rename, recolour or change the screens of a network',
    tags: ['net'],
    params: IdParams,
    body: NetPatch,
    response: Net,
  }),
  remove: defineRoute({
    method: 'POST',
    path: '/api/net/remove/:id',
    access: 'net.create',
    summary: 'Remove a network (its screens stay)',
    tags: ['net'],
    params: IdParams,
    response: OkResponse,
  }),
});
