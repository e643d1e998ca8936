import {
  Cabinet,
  CabinetInfo,
  CabinetList,
  CabinetListQuery,
  CabinetPatchBody,
  TwoFaRequirementBody,
} from '../schemas/cabinet.js';
import { IdParams, OkResponse } from '../schemas/common.js';
import { ApprovalSettings } from '../schemas/playlist.js';
import { AddMemberBody, User } from '../schemas/user.js';
import { defineRoute, defineRoutes } from './route.js';

/** The cabinet routes (spec §7): path, method, access key, input and answer. */
export const cabinetApi = defineRoutes({
  list: defineRoute({
    method: 'GET',
    path: '/api/cabinet',
    access: 'user',
    summary: 'Cabinets: my own, or every customer cabinet for the admin',
    tags: ['cabinet'],
    query: CabinetListQuery,
    response: CabinetList,
  }),
  info: defineRoute({
    method: 'GET',
    path: '/api/cabinet/info',
    access: 'account.members',
    summary: 'My cabinet and its members',
    tags: ['cabinet'],
    response: CabinetInfo,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/cabinet/:id',
    access: 'user',
    summary: 'One cabinet',
    tags: ['cabinet'],
    params: IdParams,
    response: Cabinet,
  }),
  patch: defineRoute({
    method: ['POST', 'PATCH'],
    path: '/api/cabinet/patch/:id',
    access: 'admin.route',
    summary: 'Change a cabinet (admin)',
    tags: ['cabinet'],
    params: IdParams,
    body: CabinetPatchBody,
    response: Cabinet,
  }),
  approval: defineRoute({
    method: ['POST', 'PATCH'],
    path: '/api/cabinet/approval',
    access: 'account.members',
    summary: 'Whether playlist changes by content managers and agents wait for my approval',
    tags: ['cabinet'],
    body: ApprovalSettings,
    response: Cabinet,
  }),
  twoFaRequirement: defineRoute({
    method: ['POST', 'PATCH'],
    path: '/api/cabinet/twofa-required',
    access: 'account.members',
    summary: 'Whether members must turn two-factor authentication on (I must have it on first)',
    tags: ['cabinet'],
    body: TwoFaRequirementBody,
    response: Cabinet,
  }),
  addMember: defineRoute({
    method: 'POST',
    path: '/api/cabinet/add-member',
    access: 'account.members',
    summary: 'Add a member to my cabinet',
    tags: ['cabinet'],
    body: AddMemberBody,
    response: User,
  }),
  removeMember: defineRoute({
    method: 'POST',
    path: '/api/cabinet/remove-member/:id',
    access: 'account.members',
    summary: 'Remove a member; their sessions and tokens end',
    tags: ['cabinet'],
    params: IdParams,
    response: OkResponse,
  }),
});
