import { IdParams, Net, NetInput, NetList, NetListQuery, NetPatch, OkResponse } from '@vitrine/core';
import type { App, RouteContext } from '../../app-types.js';
import { requireCaller } from '../../plugins/access.js';

const tags = ['net'];

/** Spec §7 Net calls: { nets, total }; a post body names its screens. */
export async function netRoutes(app: App, { services }: RouteContext): Promise<void> {
  const { points } = services;

  app.get(
    '/api/net',
    {
      config: { access: 'net.route' },
      schema: {
        tags,
        summary: 'Networks with their screens',
        querystring: NetListQuery,
        response: { 200: NetList },
      },
    },
    async (request) => points.listNets(requireCaller(request), request.query),
  );

  app.post(
    '/api/net/post',
    {
      config: { access: 'net.create' },
      schema: { tags, summary: 'Create a network of screens', body: NetInput, response: { 200: Net } },
    },
    async (request) => points.createNet(requireCaller(request), request.body),
  );

  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/net/patch/:id',
    config: { access: 'net.create' },
    schema: {
      tags,
      summary: 'Rename, recolour or change the screens of a network',
      params: IdParams,
      body: NetPatch,
      response: { 200: Net },
    },
    handler: async (request) => points.patchNet(requireCaller(request), request.params.id, request.body),
  });

  app.post(
    '/api/net/remove/:id',
    {
      config: { access: 'net.create' },
      schema: {
        tags,
        summary: 'Remove a network (its screens stay)',
        params: IdParams,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await points.removeNet(requireCaller(request), request.params.id);
      return { ok: true as const };
    },
  );
}
