import {
  AudienceQuery,
  AudienceReport,
  ExchangeQuery,
  ExchangeReport,
  ExportJobList,
  ExportQueued,
  FileReport,
  HourReport,
  IdParams,
  InstanceReport,
  PrintInstancesQuery,
  PrintListAsyncBody,
  PrintListQuery,
  PrintReportAsyncBody,
  PrintReportQuery,
  SignedQuery,
  StatisticFilters,
  StatisticList,
  StatisticListQuery,
  StatisticPatchBody,
  StatisticPatchResult,
} from '@vitrine/core';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { App, RouteContext } from '../../app-types.js';
import { requireCaller } from '../../plugins/access.js';

const tags = ['statistic'];

/** An attachment whose name may hold any characters (RFC 6266: an ASCII fallback and the UTF-8 name). */
function attachment(reply: FastifyReply, file: { name: string; mime: string; stream: Readable }) {
  const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return reply
    .header('content-type', file.mime)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    )
    .header('cache-control', 'no-store')
    .send(file.stream);
}

/** Spec §7 Statistic, Audience, Impressions and exchange; keys of spec §6. */
export async function statisticRoutes(app: App, { services }: RouteContext): Promise<void> {
  const stats = services.statistics;

  app.get(
    '/api/statistic',
    {
      config: { access: 'statistics.list' },
      schema: {
        tags,
        summary: 'Shows, newest first (spec §3 statistics row); total counts every show the filters match',
        querystring: StatisticListQuery,
        response: { 200: StatisticList },
      },
    },
    async (request) => stats.list(requireCaller(request), request.query),
  );

  app.get(
    '/api/statistic/get-report-by-hour',
    {
      config: { access: 'statistics.report' },
      schema: {
        tags,
        summary: 'Shows, seconds, impressions, revenue and cost per hour on the screens clocks',
        querystring: StatisticFilters,
        response: { 200: HourReport },
      },
    },
    async (request) => stats.reportByHour(requireCaller(request), request.query),
  );

  app.get(
    '/api/statistic/get-report-by-instances',
    {
      config: { access: 'statistics.report' },
      schema: {
        tags,
        summary: 'The same sums per screen',
        querystring: StatisticFilters,
        response: { 200: InstanceReport },
      },
    },
    async (request) => stats.reportByInstances(requireCaller(request), request.query),
  );

  app.get(
    '/api/statistic/get-report-by-files',
    {
      config: { access: 'statistics.report' },
      schema: {
        tags,
        summary: 'The same sums per playlist and file',
        querystring: StatisticFilters,
        response: { 200: FileReport },
      },
    },
    async (request) => stats.reportByFiles(requireCaller(request), request.query),
  );

  app.get(
    '/api/statistic/print-list',
    {
      config: { access: 'statistics.printList' },
      schema: { tags, summary: 'The list as a CSV, XLSX or PDF file', querystring: PrintListQuery },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      return attachment(reply, await stats.exportNow(requireCaller(request), 'list', format, filters));
    },
  );

  app.get(
    '/api/statistic/print-report',
    {
      config: { access: 'statistics.printReport' },
      schema: { tags, summary: 'The report by hour or by files as a file', querystring: PrintReportQuery },
    },
    async (request, reply) => {
      const { format, kind, ...filters } = request.query;
      return attachment(reply, await stats.exportNow(requireCaller(request), kind, format, filters));
    },
  );

  app.get(
    '/api/statistic/print-report-by-instances',
    {
      config: { access: 'statistics.printReport' },
      schema: { tags, summary: 'The report by instances as a file', querystring: PrintInstancesQuery },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      return attachment(reply, await stats.exportNow(requireCaller(request), 'instances', format, filters));
    },
  );

  app.post(
    '/api/statistic/print-list-async',
    {
      config: { access: 'statistics.printList' },
      schema: {
        tags,
        summary: 'Queues the list export; follow it in GET /api/spool/report',
        body: PrintListAsyncBody,
        response: { 200: ExportQueued },
      },
    },
    async (request) => {
      const { format, ...filters } = request.body;
      return stats.queueExport(requireCaller(request), 'list', format, filters);
    },
  );

  app.post(
    '/api/statistic/print-report-async',
    {
      config: { access: 'statistics.printReport' },
      schema: {
        tags,
        summary: 'Queues a report export (hour, files or instances)',
        body: PrintReportAsyncBody,
        response: { 200: ExportQueued },
      },
    },
    async (request) => {
      const { format, kind, ...filters } = request.body;
      return stats.queueExport(requireCaller(request), kind, format, filters);
    },
  );

  app.get(
    '/api/spool/report',
    {
      config: { access: 'statistics.printReport' },
      schema: {
        tags,
        summary: "The cabinet's export jobs, newest first, with a signed download URL once done",
        response: { 200: ExportJobList },
      },
    },
    async (request) => stats.spool(requireCaller(request)),
  );

  app.get(
    '/api/spool/report/:id/download',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A finished export (signed address from the spool)',
        params: IdParams,
        querystring: SignedQuery,
      },
    },
    async (request, reply) => {
      const file = await stats.download(request.params.id, request.query.exp, request.query.sig);
      if (file.size !== null) reply.header('content-length', file.size);
      return attachment(reply, file);
    },
  );

  app.patch(
    '/api/statistic/patch',
    {
      config: { access: 'statistics.edit' },
      schema: {
        tags,
        summary: 'Corrects impressions, revenue, cost or source of rows (admin); every change is recorded',
        body: StatisticPatchBody,
        response: { 200: StatisticPatchResult },
      },
    },
    async (request) => stats.patch(requireCaller(request), request.body),
  );

  app.get(
    '/api/audience',
    {
      config: { access: 'point.audience' },
      schema: {
        tags: ['audience'],
        summary: 'Shows, their impressions and the hours measured, per screen and hour of its day',
        querystring: AudienceQuery,
        response: { 200: AudienceReport },
      },
    },
    async (request) => stats.audience(requireCaller(request), request.query),
  );

  app.get(
    '/api/third-party/exchange',
    {
      config: { access: 'impressions' },
      schema: {
        tags: ['impressions'],
        summary: 'Shows, impressions, revenue and cost per day and source',
        querystring: ExchangeQuery,
        response: { 200: ExchangeReport },
      },
    },
    async (request) => stats.exchange(requireCaller(request), request.query),
  );
}
