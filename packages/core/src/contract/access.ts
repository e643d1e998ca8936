import { IdParams, OkResponse } from '../schemas/common.js';
import {
  MyCabinets,
  ShareAccessBody,
  SharedAccess,
  SharedAccessList,
  SwitchCabinetBody,
} from '../schemas/access.js';
import { TokenPair } from '../schemas/user.js';
import { defineRoute, defineRoutes } from './route.js';

/** Shared access and the cabinets a person switches between (spec §6, §7 share-access). */
export const accessApi = defineRoutes({
  shareAccess: defineRoute({
    method: 'POST',
    path: '/api/user/share-access',
    access: 'user.shareAccess',
    summary: 'Give a person of another cabinet a role in this one',
    tags: ['access'],
    body: ShareAccessBody,
    response: SharedAccess,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/user/shared-access',
    access: 'user.shareAccess',
    summary: 'The people of other cabinets who have access to this one',
    tags: ['access'],
    response: SharedAccessList,
  }),
  remove: defineRoute({
    method: 'POST',
    path: '/api/user/remove-access/:id',
    access: 'user.shareAccess',
    summary: 'Take shared access back; it ends at the next request',
    tags: ['access'],
    params: IdParams,
    response: OkResponse,
  }),
  cabinets: defineRoute({
    method: 'GET',
    path: '/api/user/cabinets',
    access: 'user',
    summary: 'The cabinets I work in, and the current one',
    tags: ['access'],
    response: MyCabinets,
  }),
  switchCabinet: defineRoute({
    method: 'POST',
    path: '/api/user/switch-cabinet',
    access: 'user',
    summary: 'Work in another of my cabinets: a token pair for it',
    tags: ['access'],
    body: SwitchCabinetBody,
    response: TokenPair,
  }),
});
