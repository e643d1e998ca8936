import {
  AddMemberBody,
  ApprovalSettings,
  Cabinet,
  CabinetInfo,
  CabinetList,
  CabinetListQuery,
  CabinetPatchBody,
  IdParams,
  OkResponse,
  User,
} from '@vitrine/core';
import type { App, RouteContext } from '../../app-types.js';
import { requireCaller } from '../../plugins/access.js';

const tags = ['cabinet'];
const members = { access: 'account.members' as const };

export async function cabinetRoutes(app: App, { services }: RouteContext): Promise<void> {
  const { cabinets, users } = services;

  app.get(
    '/api/cabinet',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Cabinets: my own, or every customer cabinet for the admin',
        querystring: CabinetListQuery,
        response: { 200: CabinetList },
      },
    },
    async (request) => cabinets.list(requireCaller(request), request.query),
  );

  app.get(
    '/api/cabinet/info',
    {
      config: members,
      schema: { tags, summary: 'My cabinet and its members', response: { 200: CabinetInfo } },
    },
    async (request) => cabinets.info(requireCaller(request)),
  );

  app.get(
    '/api/cabinet/:id',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'One cabinet', params: IdParams, response: { 200: Cabinet } },
    },
    async (request) => cabinets.get(requireCaller(request), request.params.id),
  );

  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/cabinet/patch/:id',
    config: { access: 'admin.route' },
    schema: {
      tags,
      summary: 'Change a cabinet (admin)',
      params: IdParams,
      body: CabinetPatchBody,
      response: { 200: Cabinet },
    },
    handler: async (request) => cabinets.patch(request.params.id, request.body),
  });

  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/cabinet/approval',
    config: members,
    schema: {
      tags,
      summary: 'Whether playlist changes by content managers and agents wait for my approval',
      body: ApprovalSettings,
      response: { 200: Cabinet },
    },
    handler: async (request) => cabinets.setApproval(requireCaller(request), request.body.approvalRequired),
  });

  app.post(
    '/api/cabinet/add-member',
    {
      config: members,
      schema: { tags, summary: 'Add a member to my cabinet', body: AddMemberBody, response: { 200: User } },
    },
    async (request) => users.addMember(requireCaller(request), request.body),
  );

  app.post(
    '/api/cabinet/remove-member/:id',
    {
      config: members,
      schema: {
        tags,
        summary: 'Remove a member; their sessions and tokens end',
        params: IdParams,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await users.removeMember(requireCaller(request), request.params.id);
      return { ok: true as const };
    },
  );
}
