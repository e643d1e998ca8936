import { sspApi, supplierApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { SspReportService } from './ssp-report.service.js';
import type { SupplierService } from './supplier.service.js';
import { attachment } from '../../lib/attachment.js';
import { route } from '../../lib/route.js';
import { requireCaller } from '../../plugins/access.js';

/** Ad suppliers (platform admin) and the SSP reports (docs/ssp.md). */
export async function sspRoutes(
  app: App,
  { suppliers, sspReports }: { suppliers: SupplierService; sspReports: SspReportService },
): Promise<void> {
  route(app, supplierApi.list, async (request) => suppliers.list(request.query));
  route(app, supplierApi.post, async (request) => suppliers.create(requireCaller(request), request.body));
  route(app, supplierApi.patch, async (request) =>
    suppliers.patch(requireCaller(request), request.params.id, request.body),
  );
  route(app, supplierApi.changes, async (request) => suppliers.changes(request.params.id, request.query));
  route(app, supplierApi.report, async (request) =>
    suppliers.report(requireCaller(request), request.params.id, request.body),
  );

  route(app, sspApi.report, async (request) =>
    sspReports.report(requireCaller(request).cabinetId, request.query),
  );
  route(app, sspApi.statistic, async (request) =>
    sspReports.shows(requireCaller(request).cabinetId, request.query),
  );
  route(app, sspApi.printReport, async (request, reply) =>
    attachment(reply, await sspReports.exportReport(requireCaller(request).cabinetId, request.query)),
  );
  route(app, sspApi.printList, async (request, reply) =>
    attachment(reply, await sspReports.exportShows(requireCaller(request).cabinetId, request.query)),
  );
  route(app, sspApi.reconciliation, async (request) =>
    sspReports.reconciliation(requireCaller(request).cabinetId, request.query),
  );
  route(app, sspApi.playlistMissing, async (request) =>
    sspReports.playlistMissing(requireCaller(request).cabinetId, request.params.id),
  );
  route(app, sspApi.file, async (request) =>
    sspReports.files(requireCaller(request).cabinetId, request.query),
  );
  route(app, sspApi.approve, async (request) =>
    sspReports.approve(requireCaller(request).cabinetId, request.params.id),
  );
}
