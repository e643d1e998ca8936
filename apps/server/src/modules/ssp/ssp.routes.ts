import { supplierApi } from '@vitrine/core';
import type { App, RouteContext } from '../../app-types.js';
import { route } from '../../lib/route.js';
import { requireCaller } from '../../plugins/access.js';

/** Ad suppliers (platform admin) and the SSP reports (docs/ssp.md). */
export async function sspRoutes(app: App, { services }: RouteContext): Promise<void> {
  const { suppliers } = services;
  route(app, supplierApi.list, async (request) => suppliers.list(request.query));
  route(app, supplierApi.post, async (request) => suppliers.create(requireCaller(request), request.body));
  route(app, supplierApi.patch, async (request) =>
    suppliers.patch(requireCaller(request), request.params.id, request.body),
  );
  route(app, supplierApi.changes, async (request) => suppliers.changes(request.params.id, request.query));
}
