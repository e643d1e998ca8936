import { statisticApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { StatisticService } from './statistic.service.js';
import { attachment } from '../../lib/attachment.js';
import { route, sendSerialised } from '../../lib/route.js';
import { requireCaller } from '../../plugins/access.js';

/** Spec §7 Statistic, Audience, Impressions and exchange; keys of spec §6. */
export async function statisticRoutes(app: App, services: { statistics: StatisticService }): Promise<void> {
  const stats = services.statistics;

  route(app, statisticApi.list, async (request) => stats.list(requireCaller(request), request.query));

  route(app, statisticApi.getReportByHour, async (request) =>
    stats.reportByHour(requireCaller(request), request.query),
  );

  route(app, statisticApi.getReportByInstances, async (request) =>
    stats.reportByInstances(requireCaller(request), request.query),
  );

  route(app, statisticApi.getReportByFiles, async (request) =>
    stats.reportByFiles(requireCaller(request), request.query),
  );

  route(app, statisticApi.printList, async (request, reply) => {
    const { format, ...filters } = request.query;
    return attachment(reply, await stats.exportNow(requireCaller(request), 'list', format, filters));
  });

  route(app, statisticApi.printReport, async (request, reply) => {
    const { format, kind, ...filters } = request.query;
    return attachment(reply, await stats.exportNow(requireCaller(request), kind, format, filters));
  });

  route(app, statisticApi.printReportByInstances, async (request, reply) => {
    const { format, ...filters } = request.query;
    return attachment(reply, await stats.exportNow(requireCaller(request), 'instances', format, filters));
  });

  route(app, statisticApi.printListAsync, async (request) => {
    const { format, ...filters } = request.body;
    return stats.queueExport(requireCaller(request), 'list', format, filters);
  });

  route(app, statisticApi.printReportAsync, async (request) => {
    const { format, kind, ...filters } = request.body;
    return stats.queueExport(requireCaller(request), kind, format, filters);
  });

  route(app, statisticApi.spoolReport, async (request) => stats.spool(requireCaller(request)));

  route(app, statisticApi.spoolReportDownload, async (request, reply) => {
    const file = await stats.download(request.params.id, request.query.exp, request.query.sig);
    if (file.size !== null) reply.header('content-length', file.size);
    return attachment(reply, file);
  });

  route(app, statisticApi.patch, async (request) => stats.patch(requireCaller(request), request.body));

  // A row per screen and hour of the day: 12,000 rows for 500 screens, sent as built (the schema's encode of
  // them was a sixth of the answer at 100 M shows; bench/README-reports.md).
  route(app, statisticApi.audience, async (request, reply) =>
    sendSerialised(reply, JSON.stringify(await stats.audience(requireCaller(request), request.query))),
  );

  route(app, statisticApi.thirdPartyExchange, async (request) =>
    stats.exchange(requireCaller(request), request.query),
  );
}
