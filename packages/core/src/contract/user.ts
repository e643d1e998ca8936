import { IdParams } from '../schemas/common.js';
import { User, UserList, UserListQuery, UserPatchBody, UserPostBody } from '../schemas/user.js';
import { defineRoute, defineRoutes } from './route.js';

/** The user routes (spec §7): path, method, access key, input and answer. */
export const userApi = defineRoutes({
  list: defineRoute({
    method: 'GET',
    path: '/api/user',
    access: 'user.route',
    summary: 'List users',
    tags: ['users'],
    query: UserListQuery,
    response: UserList,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/user/:id',
    access: 'user.route',
    summary: 'One user',
    tags: ['users'],
    params: IdParams,
    response: User,
  }),
  post: defineRoute({
    method: 'POST',
    path: '/api/user/post',
    access: 'user.route',
    summary: 'Create a user',
    tags: ['users'],
    body: UserPostBody,
    response: User,
  }),
  patch: defineRoute({
    method: ['POST', 'PATCH'],
    path: '/api/user/patch/:id',
    access: 'user.route',
    summary: 'Change a user (role, blocked, name, e-mail, password)',
    tags: ['users'],
    params: IdParams,
    body: UserPatchBody,
    response: User,
  }),
});
